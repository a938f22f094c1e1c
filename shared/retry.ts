import pRetry from 'p-retry';

/**
 * The one way the product retries work that another writer or a busy service made fail for a moment
 * (a transaction conflict, a version that moved, a batch left unprocessed): p-retry's exponential
 * back-off with jitter. Calls to AWS are retried by the SDK's own retry strategy; this is for the
 * product's conditions, which the SDK cannot judge.
 */
export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** The pause before the second try; each later pause doubles, up to `maxDelayMs`, times 1 to 2 at random. */
  firstDelayMs: number;
  maxDelayMs?: number;
  /** Whether a failure is worth another try; any other failure is thrown at once. */
  retryIf: (error: unknown) => boolean;
  /**
   * Whether a retried failure uses one of the tries and grows the pause (default: yes). One that does not
   * is tried again at once; the work itself must bound how often that happens.
   */
  countsIf?: (error: unknown) => boolean;
}

/** Runs `work` (given the try's number, from 1) until it succeeds, a failure is not retryable, or the tries run out. */
export function retry<T>(work: (attempt: number) => Promise<T>, policy: RetryPolicy): Promise<T> {
  return pRetry(work, {
    retries: policy.attempts - 1,
    minTimeout: policy.firstDelayMs,
    maxTimeout: policy.maxDelayMs ?? Number.POSITIVE_INFINITY,
    factor: 2,
    randomize: true,
    shouldRetry: ({ error }) => policy.retryIf(error),
    ...(policy.countsIf
      ? { shouldConsumeRetry: ({ error }: { error: Error }) => policy.countsIf?.(error) ?? true }
      : {}),
  });
}

/** What `retryWhile` throws inside p-retry for a result worth another try. */
class TryAgain extends Error {
  constructor() {
    super('try again');
    this.name = 'TryAgain';
  }
}

/**
 * Like `retry`, for work that answers a result rather than throwing: `again(result)` says whether the
 * result is worth another try; when the tries run out the last result is answered as it is.
 */
export async function retryWhile<T>(
  work: (attempt: number) => Promise<T>,
  again: (result: T) => boolean,
  policy: Omit<RetryPolicy, 'retryIf'>,
): Promise<T> {
  let last: T | undefined;
  try {
    return await retry(
      async (attempt) => {
        const result = await work(attempt);
        if (!again(result)) return result;
        last = result;
        throw new TryAgain();
      },
      { ...policy, retryIf: (e) => e instanceof TryAgain },
    );
  } catch (e) {
    if (e instanceof TryAgain) return last as T;
    throw e;
  }
}

/**
 * Thrown by a try that lost to another writer (a version that moved, a transaction conflict) and may
 * succeed if made again on what is there now. When the tries run out, `retryOnConflict` rejects with
 * `final`, the error the caller answers.
 */
export class Conflict extends Error {
  constructor(readonly final: Error) {
    super(final.message);
    this.name = 'Conflict';
  }
}

/** `retry` for optimistic writes: a try that throws `Conflict` reads again and tries again after a pause. */
export async function retryOnConflict<T>(
  work: (attempt: number) => Promise<T>,
  policy: Omit<RetryPolicy, 'retryIf'>,
): Promise<T> {
  try {
    return await retry(work, { ...policy, retryIf: (e) => e instanceof Conflict });
  } catch (e) {
    throw e instanceof Conflict ? e.final : e;
  }
}
