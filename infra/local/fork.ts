import { fork } from 'node:child_process';
import { join } from 'node:path';
import type { ChildMessage } from './child.js';
import { REPO_ROOT } from './handlers.js';
import type { LocalRuntime, LocalRuntimeOptions } from './runtime.js';

export type ForkedRuntime = Pick<LocalRuntime, 'urls' | 'env' | 'userPool' | 'admin'> & {
  pid: number;
  stop(): Promise<void>;
};

/**
 * Starts the local runtime in a child process (see child.ts) and resolves once it is ready.
 * `stop()` asks it to stop and waits for it to exit (SIGKILL after 20 s).
 */
export function forkLocalRuntime(opts: LocalRuntimeOptions, timeoutMs = 120_000): Promise<ForkedRuntime> {
  const child = fork(join(REPO_ROOT, 'infra', 'local', 'child.ts'), [], {
    cwd: REPO_ROOT,
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      LOCAL_RUNTIME_OPTIONS: JSON.stringify(opts),
      // Quiet runtimes only log the handlers' warnings and errors.
      LOG_LEVEL: process.env.LOG_LEVEL ?? (opts.quiet ? 'WARN' : 'INFO'),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`The local runtime did not start within ${timeoutMs / 1000} s`));
    }, timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The local runtime process exited (code ${code}) before it was ready`));
    });
    child.on('message', (m: ChildMessage) => {
      if (m.type === 'error') {
        clearTimeout(timer);
        reject(new Error(m.message));
        return;
      }
      clearTimeout(timer);
      resolve({
        ...m.runtime,
        pid: child.pid ?? 0,
        async stop() {
          if (child.exitCode !== null || child.signalCode !== null) return;
          if (child.connected) child.send({ type: 'stop' });
          else child.kill('SIGTERM');
          const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
          await exited;
          clearTimeout(killer);
        },
      });
    });
  });
}
