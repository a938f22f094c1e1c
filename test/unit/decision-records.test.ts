import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/cloud/paths.js';

/**
 * Decision records stay short and point forward: none over 80 lines (measured numbers live in the bench
 * output, bench/README.md and bench/results/, and records link to them), and a record whose decision
 * changed names, at its top, the record that supersedes it ("Superseded by 00NN"), which must exist.
 */
const DIR = join(REPO_ROOT, 'docs', 'decisions');
const MAX_LINES = 80;
const records = readdirSync(DIR)
  .filter((name) => /^\d{4}-.+\.md$/.test(name))
  .map((name) => ({ name, text: readFileSync(join(DIR, name), 'utf8') }));
const numbers = new Set(records.map((r) => r.name.slice(0, 4)));

describe('decision records (docs/decisions)', () => {
  it('finds the records', () => {
    expect(records.length).toBeGreaterThan(0);
  });

  it(`keeps every record within ${MAX_LINES} lines`, () => {
    const over = records
      .map((r) => ({ name: r.name, lines: r.text.replace(/\n$/, '').split('\n').length }))
      .filter((r) => r.lines > MAX_LINES)
      .map((r) => `${r.name}: ${r.lines} lines`);
    expect(over).toEqual([]);
  });

  it('names an existing record in every "Superseded by", at the top of the superseded one', () => {
    const problems: string[] = [];
    for (const { name, text } of records) {
      const lines = text.split('\n');
      lines.forEach((line, i) => {
        for (const m of line.matchAll(/superseded by (?:ADR )?(\d{1,4})/gi)) {
          const target = m[1].padStart(4, '0');
          if (!numbers.has(target)) problems.push(`${name}: superseded by ${target}, which does not exist`);
          if (target === name.slice(0, 4)) problems.push(`${name}: superseded by itself`);
          if (i > 4) problems.push(`${name}: "Superseded by ${target}" on line ${i + 1}, not at the top`);
        }
      });
    }
    expect(problems).toEqual([]);
  });
});
