/**
 * No source file over MAX_LINES lines (`npm run check`, docs/decisions/0024-domain-layers.md): a file
 * that long holds several things; split it along its seams. Prints every file over the limit and
 * exits 1 when there is one that is not a known exception.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const MAX_LINES = 600;
const ROOTS = ['shared', 'functions', 'infra', 'web/src', 'web/scripts', 'bin', 'scripts', 'test', 'bench'];
const SOURCE = /\.(ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'cdk.out', 'results', 'test-results', 'playwright-report']);
/** Over the limit today and to be split next; remove an entry once its file is under the limit. */
const KNOWN_EXCEPTIONS = new Set([]);

const repo = fileURLToPath(new URL('..', import.meta.url));

function* sourceFiles(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || SKIP_DIRS.has(entry.name)) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (entry.isFile() && SOURCE.test(entry.name)) yield path;
  }
}

const lineCount = (text) => (text.length === 0 ? 0 : text.split('\n').length - (text.endsWith('\n') ? 1 : 0));

const over = [];
for (const root of ROOTS) {
  const abs = join(repo, root);
  if (!statSync(abs, { throwIfNoEntry: false })?.isDirectory()) continue;
  for (const file of sourceFiles(abs)) {
    const lines = lineCount(readFileSync(file, 'utf8'));
    if (lines > MAX_LINES) over.push({ file: relative(repo, file).split('\\').join('/'), lines });
  }
}

const failing = over.filter((o) => !KNOWN_EXCEPTIONS.has(o.file));
for (const o of over) {
  const note = KNOWN_EXCEPTIONS.has(o.file) ? ' (known exception)' : '';
  console.log(`${o.file}: ${o.lines} lines, over ${MAX_LINES}${note}`);
}
const stale = [...KNOWN_EXCEPTIONS].filter((f) => !over.some((o) => o.file === f));
for (const f of stale) console.log(`${f} is no longer over ${MAX_LINES} lines: remove it from KNOWN_EXCEPTIONS`);
if (failing.length || stale.length) process.exit(1);
