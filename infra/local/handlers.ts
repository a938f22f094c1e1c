import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { InvokeStore, InvokeStoreBase } from '@aws/lambda-invoke-store';
import type { Context } from 'aws-lambda';

/**
 * Loads and invokes handler modules (`functions/<name>.ts`, export `handler`) in this process, the
 * way Lambda would: one module instance per handler (cached, so clients are reused between
 * invocations), a Lambda-like context, and a timeout.
 */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const FUNCTIONS_DIR = join(REPO_ROOT, 'functions');

export const LOCAL_ACCOUNT = '123456789012';
export const LOCAL_REGION = 'us-east-1';

// Handlers take many event/result types; the adapters build the right event for each.
// biome-ignore lint/suspicious/noExplicitAny: each handler module types its own event; the local adapters build the matching one.
export type AnyHandler = (event: any, context: Context) => Promise<unknown> | unknown;
export type Invoke = (handler: string, event: unknown, opts?: { timeoutMs?: number }) => Promise<unknown>;

const modules = new Map<string, Promise<AnyHandler>>();

export function loadHandler(name: string): Promise<AnyHandler> {
  let p = modules.get(name);
  if (!p) {
    const url = pathToFileURL(join(FUNCTIONS_DIR, `${name}.ts`)).href;
    p = import(url).then((m: { handler?: unknown }) => {
      if (typeof m.handler !== 'function') throw new Error(`functions/${name}.ts does not export a handler function`);
      return m.handler as AnyHandler;
    });
    // A module that failed to load (syntax error...) is retried on the next call.
    p.catch(() => modules.delete(name));
    modules.set(name, p);
  }
  return p;
}

export class HandlerTimeoutError extends Error {
  constructor(handler: string, ms: number) {
    super(`${handler} timed out after ${ms} ms`);
    this.name = 'HandlerTimeoutError';
  }
}

/** A Lambda-like context for `handler` (also used by tests that call a handler directly). */
export function lambdaContext(handler: string, deadline = Date.now() + 30_000): Context {
  const functionName = `pawsitive-local-${handler.replace(/[^A-Za-z0-9]+/g, '-')}`;
  const noop = () => {};
  return {
    callbackWaitsForEmptyEventLoop: true,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:${LOCAL_REGION}:${LOCAL_ACCOUNT}:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId: randomUUID(),
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: `local/${new Date().toISOString().slice(0, 10)}/[$LATEST]${randomUUID().replace(/-/g, '')}`,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: noop,
    fail: noop,
    succeed: noop,
  };
}

let invokeStore: Promise<InvokeStoreBase> | undefined;

/**
 * Every function runs in this one process, many at once: like a Lambda environment that serves concurrent
 * invocations (Lambda Managed Instances). As its runtime does, each invocation runs in its own context of
 * Lambda's InvokeStore (AsyncLocalStorage), which Powertools reads when AWS_LAMBDA_MAX_CONCURRENCY is set,
 * so each log line carries its own invocation's function name and request id.
 */
function concurrentInvocations(): Promise<InvokeStoreBase> {
  if (!invokeStore) {
    process.env.AWS_LAMBDA_MAX_CONCURRENCY ??= '64';
    invokeStore = InvokeStore.getInstanceAsync();
  }
  return invokeStore;
}

/**
 * Runs one invocation of `fn` (the loaded handler of `handler`) the way Lambda would: its own context and
 * InvokeStore scope; rejects on error or after `timeoutMs`.
 */
export async function runInvocation(handler: string, fn: AnyHandler, event: unknown, timeoutMs: number) {
  const store = await concurrentInvocations();
  const context = lambdaContext(handler, Date.now() + timeoutMs);
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      store.run({ [InvokeStoreBase.PROTECTED_KEYS.REQUEST_ID]: context.awsRequestId }, () =>
        Promise.resolve().then(() => fn(event, context)),
      ),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new HandlerTimeoutError(handler, timeoutMs)), timeoutMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/** Invokes `functions/<handler>.ts` with `event`; rejects on error or after `timeoutMs` (default 30 s). */
export const invokeHandler: Invoke = async (handler, event, opts = {}) =>
  runInvocation(handler, await loadHandler(handler), event, opts.timeoutMs ?? 30_000);
