import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { assemblyDir, synthesizeCloudApp } from './stack-templates.js';

/**
 * cfn-lint (AWS's CloudFormation linter, a Python tool: README "Tests") over every synthesized template,
 * nested ones included: no error; warnings are printed. Exit code bits: 2 errors, 4 warnings, 8 informational.
 */

synthesizeCloudApp();

interface Match {
  Level: 'Error' | 'Warning' | 'Informational';
  Rule: { Id: string };
  Filename: string;
  Location: { Start: { LineNumber: number } };
  Message: string;
}

const run = promisify(execFile);

async function cfnLint(files: string[]): Promise<Match[]> {
  try {
    await run('cfn-lint', ['--version']);
  } catch {
    throw new Error(
      'cfn-lint is not installed: `pipx install cfn-lint` or `pip install cfn-lint` (README, "Tests"); .ci/run installs it',
    );
  }
  try {
    const { stdout } = await run('cfn-lint', ['--format', 'json', '--', ...files], { maxBuffer: 64 * 1024 * 1024 });
    return JSON.parse(stdout || '[]');
  } catch (e) {
    const err = e as { code?: number; stdout?: string; stderr?: string };
    // Bits 2, 4 and 8 report findings (printed as JSON); anything else is cfn-lint failing.
    if (typeof err.code === 'number' && err.code > 0 && (err.code & 1) === 0 && err.stdout)
      return JSON.parse(err.stdout);
    throw new Error(`cfn-lint failed (exit ${err.code}): ${err.stderr ?? e}`);
  }
}

describe('cfn-lint', () => {
  it('finds no error in any synthesized template', { timeout: 600_000 }, async () => {
    const files = readdirSync(assemblyDir)
      .filter((f) => f.endsWith('.template.json'))
      .map((f) => join(assemblyDir, f));
    expect(files.some((f) => f.endsWith('.nested.template.json'))).toBe(true);
    const matches = await cfnLint(files);
    const line = (m: Match) =>
      `${m.Level} ${m.Rule.Id} ${m.Filename.replace(`${assemblyDir}/`, '')}:${m.Location.Start.LineNumber} ${m.Message}`;
    const warnings = matches.filter((m) => m.Level !== 'Error');
    console.log(
      `cfn-lint over ${files.length} templates: ${matches.length - warnings.length} errors, ${warnings.length} warnings` +
        warnings.map((m) => `\n  ${line(m)}`).join(''),
    );
    expect(matches.filter((m) => m.Level === 'Error').map(line)).toEqual([]);
    // Functions do not repeat their role's dependency (infra/cloud/dependencies.ts).
    expect(warnings.filter((m) => m.Rule.Id === 'W3005').map(line)).toEqual([]);
  });

  it('reports an error in a template as an error', { timeout: 120_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cfn-lint-'));
    const file = join(dir, 'broken.template.json');
    writeFileSync(
      file,
      JSON.stringify({ Resources: { Bucket: { Type: 'AWS::S3::Bucket', Properties: { NoSuchProperty: true } } } }),
    );
    const matches = await cfnLint([file]);
    expect(matches.map((m) => [m.Level, m.Rule.Id])).toContainEqual(['Error', 'E3002']);
  });
});
