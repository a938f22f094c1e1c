// Installs dependencies when they are missing or older than package-lock.json (`npm start` and
// `npm test` run this first). Plain Node, no dependencies.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const modules = join(root, 'node_modules');
const lock = join(root, 'package-lock.json');
// npm writes node_modules/.package-lock.json at the end of every install.
const installed = join(modules, '.package-lock.json');

const mtime = (p) => statSync(p).mtimeMs;

let reason;
if (!existsSync(modules)) reason = 'node_modules is missing';
else if (existsSync(lock) && mtime(lock) > mtime(existsSync(installed) ? installed : modules)) {
  reason = 'package-lock.json is newer than node_modules';
}

if (reason) {
  const args = existsSync(lock) ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'];
  console.log(`Installing dependencies (${reason}): npm ${args[0]}`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`npm ${args[0]} failed${r.error ? `: ${r.error.message}` : ''}`);
    process.exit(r.status ?? 1);
  }
}
process.exit(0);
