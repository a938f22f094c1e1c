import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';

/**
 * Child processes of the local runtime (DynamoDB Local, cognito-local). Every child is killed on
 * `stop()`, on SIGINT/SIGTERM/SIGHUP (unless the program handles the signal itself and stops the
 * runtime) and on exit of this process. Each child also watches its stdin
 * and exits when the pipe closes, so even a SIGKILL of this process leaves nothing behind.
 */
export interface ManagedProcess {
  name: string;
  child: ChildProcess;
  /** The last lines the child printed (shown when it fails). */
  output(): string;
  /** Resolves when the child has exited. */
  exited: Promise<number | null>;
  stop(): Promise<void>;
}

const live = new Set<ChildProcess>();
let hooksInstalled = false;
const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

function killAllNow() {
  for (const child of live) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
}

function onSignal(signal: NodeJS.Signals) {
  // Someone else handles the signal (bin/local.ts, child.ts): they stop the runtime in order.
  if (process.listenerCount(signal) > 1) return;
  killAllNow();
  removeExitHooks();
  // Keep the default behaviour: terminate.
  process.kill(process.pid, signal);
}

function installExitHooks() {
  if (hooksInstalled) return;
  hooksInstalled = true;
  process.on('exit', killAllNow);
  for (const s of SIGNALS) process.on(s, onSignal);
}

function removeExitHooks() {
  if (!hooksInstalled) return;
  hooksInstalled = false;
  process.off('exit', killAllNow);
  for (const s of SIGNALS) process.off(s, onSignal);
}

/** Stops watching signals once no child is left (so a stopped runtime leaves the process as it was). */
function maybeRemoveHooks() {
  if (live.size === 0) removeExitHooks();
}

export function spawnManaged(
  name: string,
  command: string,
  args: string[],
  opts: { cwd?: string; env?: NodeJS.ProcessEnv; echo?: boolean },
): ManagedProcess {
  installExitHooks();
  const child = spawn(command, args, {
    cwd: opts.cwd,
    env: opts.env ?? process.env,
    // stdin stays an open pipe: the child exits when it closes (see the launchers).
    stdio: ['pipe', 'pipe', 'pipe'],
    // Its own process group: a Ctrl-C in the terminal reaches this process only, which then stops
    // everything in order (servers, event bus, then the emulators).
    detached: true,
  });
  live.add(child);
  const lines: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split(/\r?\n/)) {
      if (!line.trim()) continue;
      lines.push(line);
      if (lines.length > 60) lines.shift();
      if (opts.echo) process.stdout.write(`[${name}] ${line}\n`);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  child.stdin?.on('error', () => {});
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', (code) => {
      live.delete(child);
      maybeRemoveHooks();
      resolve(code);
    });
    child.once('error', (err) => {
      lines.push(String(err));
      live.delete(child);
      maybeRemoveHooks();
      resolve(null);
    });
  });
  return {
    name,
    child,
    exited,
    output: () => lines.join('\n'),
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null || !live.has(child)) return;
      child.stdin?.end();
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Resolves once something accepts TCP connections on 127.0.0.1:port; rejects if `proc` exits first. */
export async function waitForPort(port: number, proc: ManagedProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let exited = false;
  void proc.exited.then(() => {
    exited = true;
  });
  while (Date.now() < deadline) {
    if (exited) {
      throw new Error(`${proc.name} exited before it was ready. Its output:\n${proc.output() || '(none)'}`);
    }
    const ok = await new Promise<boolean>((resolve) => {
      const socket = connect({ host: '127.0.0.1', port });
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${proc.name} did not open port ${port} within ${timeoutMs / 1000} s. Its output:\n${proc.output()}`);
}
