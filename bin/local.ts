/**
 * `npm start`: the whole product on this machine (see infra/local/runtime.ts and
 * docs/decisions/0004-local-runtime.md).
 *
 *   npm start                 build the web app if its sources changed, then start
 *   npm start -- --no-build   start with the web app as last built
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';

process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true';

const ROOT = process.cwd();
const DATA_DIR = '.local';
const args = new Set(process.argv.slice(2));

if (args.has('--help') || args.has('-h')) {
  console.log('Usage: npm start [-- --no-build] [-- --quiet]\n');
  console.log('  --no-build  do not rebuild the web app (web/dist) before starting');
  console.log('  --quiet     no access log');
  console.log(`\nData lives in ${DATA_DIR}/ (delete it to start fresh).`);
  process.exit(0);
}

/** Newest modification time of the files under `dir` (skipping node_modules, dot folders and tests). */
function newestFile(dir: string, skip: (path: string) => boolean): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.name.startsWith('.') || entry.name === 'node_modules' || skip(p)) continue;
    // Tests never change the build.
    if (/\.test\.[cm]?[jt]sx?$|^test-setup\.[jt]sx?$/.test(entry.name)) continue;
    if (entry.isDirectory()) newest = Math.max(newest, newestFile(p, skip));
    else if (entry.isFile()) newest = Math.max(newest, statSync(p).mtimeMs);
  }
  return newest;
}

/** Builds web/dist when needed; returns the seconds the build took (0 when skipped). */
function buildWebIfNeeded(): number {
  const web = join(ROOT, 'web');
  const dist = join(web, 'dist');
  if (args.has('--no-build')) return 0;
  if (!existsSync(web)) {
    console.warn('! web/ does not exist yet: starting without the web app (the API still works).');
    return 0;
  }
  if (existsSync(dist)) {
    const built = newestFile(dist, () => false);
    const sources = Math.max(
      newestFile(web, (p) => p === dist),
      newestFile(join(ROOT, 'shared'), () => false),
    );
    if (built > sources) return 0;
  }
  console.log(`Building the web app (${relative(ROOT, dist)} is missing or older than web/ and shared/)...`);
  const started = Date.now();
  const r = spawnSync('npm', ['run', 'build:web'], { stdio: 'inherit', cwd: ROOT });
  if (r.status !== 0) {
    console.error(
      `\n✖ The web build failed${r.error ? ` (${r.error.message})` : ''}: see its output above.\n` +
        '  Fix it, or start with the last build: npm start -- --no-build',
    );
    process.exit(1);
  }
  const seconds = (Date.now() - started) / 1000;
  console.log(`Built the web app in ${seconds.toFixed(1)} s.`);
  return seconds;
}

async function main() {
  const buildSeconds = buildWebIfNeeded();
  const { startLocalRuntime } = await import('../infra/local/runtime.js');
  let runtime: Awaited<ReturnType<typeof startLocalRuntime>>;
  try {
    runtime = await startLocalRuntime({ dataDir: DATA_DIR, quiet: args.has('--quiet') });
  } catch (e) {
    console.error(`\n✖ Could not start the local runtime:\n${e instanceof Error ? e.message : String(e)}`);
    process.exit(1);
  }
  // Since this process started (the web build, when it ran, is reported above).
  const seconds = (process.uptime() - buildSeconds).toFixed(1);
  const { urls, admin } = runtime;
  const row = (label: string, value: string) => `  ${label.padEnd(14)}${value}`;
  const lines = [
    '',
    '  Pawsitive: the local runtime',
    '',
    row('Site', urls.site),
    row('API', `${urls.site}/api   WebSocket ${urls.ws}`),
    row('Inbox (SES)', `${urls.ses}   (every e-mail the app sends)`),
    row('Checkout', `${urls.stripe}   (the local stand-in for Stripe Checkout)`),
    ...(admin
      ? [
          row('Admin e-mail', admin.email),
          admin.password
            ? row('Password', `${admin.password}   (shown only now: it was just created)`)
            : row('Password', `printed on first start; to reset, stop and delete ${DATA_DIR}/`),
        ]
      : []),
    row('Data', `${DATA_DIR}/   (survives restarts; delete it to start fresh)`),
    '',
    `  Ready in ${seconds} s. Press Ctrl-C to stop.`,
    '',
  ];
  console.log(lines.join('\n'));

  let stopping = false;
  const shutdown = async (signal: NodeJS.Signals) => {
    if (stopping) {
      console.log('Forced exit.');
      process.exit(130);
    }
    stopping = true;
    console.log(`\n${signal === 'SIGINT' ? 'Ctrl-C' : signal}: stopping...`);
    await runtime.stop();
    console.log('Stopped.');
    process.exit(0);
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

void main();
