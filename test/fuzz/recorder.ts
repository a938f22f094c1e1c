import { AsyncLocalStorage } from 'node:async_hooks';
import { vi } from 'vitest';
import { logger } from '../../functions/lib/logger.js';
import { db } from '../../shared/db/client.js';

/**
 * Records what each fuzzed request did besides answering: the table writes that succeeded (a
 * middleware on the process's table client, shared/db/client.ts) and the unexpected errors the handler
 * logged (functions/lib/middleware.ts logs them with the logger's `error`). Both are noted in the
 * request's own async context, so requests running side by side are told apart.
 */

export interface RecordedWrite {
  command: string;
  /** The command's input as sent (JSON), to name what was written. */
  input: string;
}

interface Recording {
  writes: RecordedWrite[];
  errors: string[];
}

const WRITE = /^(Put|Update|Delete|TransactWrite|BatchWrite)(Item|Items)?Command$/;
const current = new AsyncLocalStorage<Recording>();
let installed = false;

const describeError = (args: unknown[]) =>
  args
    .map((a) => (a instanceof Error ? (a.stack ?? a.message).split('\n').slice(0, 4).join(' | ') : String(a)))
    .join(': ');

/** Adds the recording to the table client and the logger's errors and warnings (once per worker). */
export function installRecorder() {
  if (installed) return;
  installed = true;
  db().doc.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      const command = String(context.commandName);
      if (WRITE.test(command)) current.getStore()?.writes.push({ command, input: JSON.stringify(args.input) });
      return result;
    },
    { step: 'initialize', name: 'fuzzWriteRecorder' },
  );
  const logError = logger.error.bind(logger) as (...args: unknown[]) => void;
  vi.spyOn(logger, 'error').mockImplementation((...args: unknown[]) => {
    const recording = current.getStore();
    // A recorded request's error goes into its failure report instead of the test output.
    if (recording) recording.errors.push(describeError(args));
    else logError(...args);
  });
  // Warnings of recorded requests are expected answers to hostile input (the contact form's honeypot,
  // for one): kept out of the test output.
  const logWarn = logger.warn.bind(logger) as (...args: unknown[]) => void;
  vi.spyOn(logger, 'warn').mockImplementation((...args: unknown[]) => {
    if (!current.getStore()) logWarn(...args);
  });
}

/** Runs `fn` and answers its result with what was recorded on its behalf. */
export async function recording<T>(fn: () => Promise<T>): Promise<{ result: T } & Recording> {
  const rec: Recording = { writes: [], errors: [] };
  const result = await current.run(rec, fn);
  return { result, ...rec };
}
