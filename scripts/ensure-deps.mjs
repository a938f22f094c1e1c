// Runs a command of the project (`npm start`, `npm test`, `npm run fuzz`) on Node 22 with its dependencies
// installed: `node scripts/ensure-deps.mjs <command> [args...]`.
// 1. Node 22: when the machine's `node` is older, the pinned Node 22 from the npm registry (scripts/node22.mjs)
//    runs the rest, first on PATH, so every `node`, npm and `#!/usr/bin/env node` tool below uses it.
// 2. Dependencies: installed when they are missing or older than package-lock.json.
// 3. The command, with the same PATH. Plain Node, no dependencies.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { envWith, majorOf, node22, REQUIRED_MAJOR } from './node22.mjs';

const root = join(fileURLToPath(import.meta.url), '..', '..');
const command = process.argv.slice(2);

const run = (cmd, args, env = process.env) => {
  const r = spawnSync(cmd, args, { cwd: process.cwd(), stdio: 'inherit', env });
  if (r.error) console.error(`${cmd} failed: ${r.error.message}`);
  return r.status ?? 1;
};

if (majorOf(process.version) < REQUIRED_MAJOR) {
  let bin;
  try {
    bin = node22();
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  }
  // The same script again under Node 22, which then installs the dependencies and runs the command.
  process.exit(run(bin, [fileURLToPath(import.meta.url), ...command], envWith(bin)));
}

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

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
// This Node first on PATH (it may be the pinned one this script was re-run under).
const env = envWith(process.execPath);
if (reason) {
  const args = existsSync(lock) ? ['ci', '--no-audit', '--no-fund'] : ['install', '--no-audit', '--no-fund'];
  console.log(`Installing dependencies (${reason}): npm ${args[0]} on Node ${process.version}`);
  const status = spawnSync(npm, args, { cwd: root, stdio: 'inherit', env }).status;
  if (status !== 0) {
    console.error(`npm ${args[0]} failed`);
    process.exit(status ?? 1);
  }
}
if (command.length === 0) process.exit(0);
// The command's tools (tsx, vitest, playwright) from node_modules/.bin, as npm scripts find them.
const bin = join(root, 'node_modules', '.bin');
const withBin = envWith(process.execPath, { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH ?? ''}` });
process.exit(run(command[0], command.slice(1), withBin));
