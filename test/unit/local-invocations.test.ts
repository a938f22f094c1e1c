import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../../functions/lib/logger.js';
import { lambdaChain } from '../../functions/lib/middleware.js';
import { runInvocation } from '../../infra/local/handlers.js';

/**
 * The local runtime runs every function in one process, many at once. Each invocation must log under its
 * own function name and request id, even when another function's invocation starts while it waits.
 */
describe('concurrent local invocations', () => {
  afterEach(() => vi.restoreAllMocks());

  it('log under their own function names and request ids', async () => {
    const lines: string[] = [];
    const capture = (chunk: unknown) => {
      lines.push(String(chunk));
      return true;
    };
    vi.spyOn(process.stdout, 'write').mockImplementation(capture);
    vi.spyOn(process.stderr, 'write').mockImplementation(capture);

    let releaseFirst: () => void = () => {};
    const firstMayLog = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    let firstStarted: () => void = () => {};
    const firstIsWaiting = new Promise<void>((resolve) => {
      firstStarted = resolve;
    });
    // The first invocation starts, then waits while the second one starts, logs and ends; then it logs.
    const first = lambdaChain<unknown, void>().handler(async () => {
      firstStarted();
      await firstMayLog;
      logger.warn('first says');
    });
    const second = lambdaChain<unknown, void>().handler(async () => {
      logger.warn('second says');
    });

    const running = runInvocation('http/alpha/first-thing', first, {}, 5_000);
    await firstIsWaiting;
    await runInvocation('http/beta/second-thing', second, {}, 5_000);
    releaseFirst();
    await running;
    vi.restoreAllMocks();

    const logged = lines
      .flatMap((l) => l.split('\n'))
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { message: string; function_name?: string; function_request_id?: string });
    const firstLine = logged.find((l) => l.message === 'first says');
    const secondLine = logged.find((l) => l.message === 'second says');
    expect(firstLine?.function_name).toBe('pawsitive-local-http-alpha-first-thing');
    expect(secondLine?.function_name).toBe('pawsitive-local-http-beta-second-thing');
    expect(firstLine?.function_request_id).toEqual(expect.any(String));
    expect(firstLine?.function_request_id).not.toBe(secondLine?.function_request_id);
  });
});
