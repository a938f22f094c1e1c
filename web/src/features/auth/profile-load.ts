import type { HealthResponse } from '#shared/contracts/health';
import { ApiError, apiRequest } from '../../lib/api';
import { getIdToken } from '../../lib/auth';
import type { Me } from '../../lib/queries/me';

/**
 * The profile load after sign-in (SPEC 5 and 9): `GET /api/me` with an 8-second limit per attempt, at
 * most 3 attempts (2 retries), waiting 1 s after a timeout or a 406 and 2 s after a network error or
 * a server error. A server error asks `GET /api/health` whether the API reaches its store, so an
 * outage reads "Database connectivity failed: ...". A rejected session (401) is not retried.
 */
export const PROFILE_LOAD = {
  timeoutMs: 8_000,
  attempts: 3,
  /** After a timeout or a 406. */
  shortWaitMs: 1_000,
  /** After a network error or a server error. */
  longWaitMs: 2_000,
} as const;

/** SPEC 8 texts, word for word. */
export const PROFILE_LOAD_TEXTS = {
  invalidSession: 'Invalid session during profile load',
  timeout: (attempt: number) => `Profile load timeout after 8 seconds (attempt ${attempt})`,
  databaseConnectivity: (reason: string) => `Database connectivity failed: ${reason}`,
} as const;

/** Why the profile could not be loaded; `signOut` when the session itself is no good. */
export class ProfileLoadError extends Error {
  constructor(
    message: string,
    readonly signOut: boolean,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ProfileLoadError';
  }
}

/** Statuses worth another attempt: 406 (SPEC 8) and the server errors (502, 503, 504 among them). */
const retryable = (status: number) => status === 406 || status >= 500;

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** One request with the per-attempt limit; resolves `'timeout'` when the limit passes first. */
async function withTimeout<T>(run: (signal: AbortSignal) => Promise<T>): Promise<T | 'timeout'> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, PROFILE_LOAD.timeoutMs);
  try {
    return await run(controller.signal);
  } catch (e) {
    if (timedOut) return 'timeout';
    throw e;
  } finally {
    clearTimeout(timer);
  }
}

/** The store's state as the health route tells it: the reason it is unreachable, or undefined. */
async function storeOutage(): Promise<string | undefined> {
  try {
    // A timed-out check tells nothing either way: the attempt's own error stands.
    await withTimeout((signal) => apiRequest<HealthResponse>('/health', { auth: false, signal }));
    return undefined;
  } catch (e) {
    return e instanceof ApiError && e.status === 503 && e.code === 'UNAVAILABLE' ? e.message : undefined;
  }
}

/** Loads the signed-in caller's profile and role, or rejects with a `ProfileLoadError`. */
export async function loadProfile(): Promise<Me> {
  // A stored session that yields no ID token (damaged storage, a token without its parts) is no session.
  if (!(await getIdToken())) throw new ProfileLoadError(PROFILE_LOAD_TEXTS.invalidSession, true);
  let last: ProfileLoadError | undefined;
  for (let attempt = 1; attempt <= PROFILE_LOAD.attempts; attempt++) {
    let waitMs: number;
    try {
      const me = await withTimeout((signal) => apiRequest<Me>('/me', { signal }));
      if (me !== 'timeout') return me;
      last = new ProfileLoadError(PROFILE_LOAD_TEXTS.timeout(attempt), false);
      waitMs = PROFILE_LOAD.shortWaitMs;
    } catch (e) {
      const status = e instanceof ApiError ? e.status : undefined;
      if (status === 401) throw new ProfileLoadError(PROFILE_LOAD_TEXTS.invalidSession, true, 401);
      if (status !== undefined && status !== 0 && !retryable(status)) {
        throw new ProfileLoadError((e as Error).message, false, status);
      }
      const outage = status !== undefined && status >= 500 ? await storeOutage() : undefined;
      last = new ProfileLoadError(
        outage ? PROFILE_LOAD_TEXTS.databaseConnectivity(outage) : (e as Error).message,
        false,
        status,
      );
      waitMs = status === 406 ? PROFILE_LOAD.shortWaitMs : PROFILE_LOAD.longWaitMs;
    }
    if (attempt < PROFILE_LOAD.attempts) await wait(waitMs);
  }
  throw last;
}
