import { type LocalRuntime, type LocalRuntimeOptions, startLocalRuntime } from './runtime.js';

/**
 * Runs the local runtime in a child process (`node --import tsx infra/local/child.ts`, started with
 * an IPC channel by infra/local/fork.ts). The parent gets `{ type: 'ready', runtime }` or
 * `{ type: 'error', message }`; the runtime stops on `{ type: 'stop' }` and when the parent goes away.
 *
 * Used by the vitest global setup so the handlers' environment (TABLE_NAME, endpoints, credentials)
 * never leaks into the vitest main process and from there into the workers of other test projects.
 */
export type ChildMessage =
  | { type: 'ready'; runtime: Pick<LocalRuntime, 'urls' | 'env' | 'userPool' | 'admin'> }
  | { type: 'error'; message: string };

const send = (m: ChildMessage) => process.send?.(m);

async function main() {
  const opts = JSON.parse(process.env.LOCAL_RUNTIME_OPTIONS ?? '{}') as LocalRuntimeOptions;
  let runtime: LocalRuntime;
  try {
    runtime = await startLocalRuntime(opts);
  } catch (e) {
    send({ type: 'error', message: e instanceof Error ? e.message : String(e) });
    process.exitCode = 1;
    process.disconnect?.();
    return;
  }
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await runtime.stop();
    process.disconnect?.();
    process.exit(0);
  };
  process.on('message', (m: { type?: string }) => {
    if (m?.type === 'stop') void stop();
  });
  process.on('disconnect', () => void stop());
  for (const s of ['SIGINT', 'SIGTERM'] as const) process.on(s, () => void stop());
  const { urls, env, userPool, admin } = runtime;
  send({ type: 'ready', runtime: { urls, env, userPool, admin } });
}

void main();
