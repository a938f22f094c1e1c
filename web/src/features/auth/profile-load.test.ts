import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRuntimeConfigForTests } from '../../lib/config';
import { TEST_CONFIG } from '../../lib/content/test-support';
import { loadProfile, PROFILE_LOAD_TEXTS, ProfileLoadError } from './profile-load';

const amplify = vi.hoisted(() => ({ fetchAuthSession: vi.fn() }));
vi.mock('aws-amplify/auth', () => amplify);

const ID_TOKEN = 'header.payload.sig';
const ME = { role: 'client', profile: { id: 'p-1', firstName: 'Ada', lastName: 'Lee', email: 'a@b.c' } };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** What GET /api/me answers, one entry per request: a status, 'hang' (never answers), or 'network'. */
type MeAnswer = number | 'hang' | 'network';
let meAnswers: MeAnswer[];
let health: number;
/** Each API request with the fake clock's time it was made at. */
let calls: { path: string; at: number }[];

beforeEach(() => {
  vi.useFakeTimers();
  meAnswers = [];
  health = 200;
  calls = [];
  resetRuntimeConfigForTests();
  amplify.fetchAuthSession.mockReset();
  amplify.fetchAuthSession.mockResolvedValue({ tokens: { idToken: { toString: () => ID_TOKEN, payload: {} } } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/config.json') return json(200, TEST_CONFIG);
      calls.push({ path: url, at: Date.now() });
      if (url === '/api/health') {
        return health === 200
          ? json(200, { status: 'ok' })
          : json(503, { error: { code: 'UNAVAILABLE', message: 'The data store did not answer' } });
      }
      if (url !== '/api/me') return json(404, {});
      const answer = meAnswers.shift() ?? 200;
      if (answer === 'network') throw new TypeError('Failed to fetch');
      if (answer === 'hang') {
        return new Promise<Response>((_, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        );
      }
      return answer === 200 ? json(200, ME) : json(answer, { error: { code: 'X', message: `HTTP ${answer}` } });
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

/** Starts the load and runs the fake clock until it settles; answers the result or the error. */
async function settle(): Promise<{ value?: unknown; error?: ProfileLoadError; at: number }> {
  const start = Date.now();
  let out: { value?: unknown; error?: ProfileLoadError } | undefined;
  loadProfile().then(
    (value) => {
      out = { value };
    },
    (error: ProfileLoadError) => {
      out = { error };
    },
  );
  for (let i = 0; i < 1_000 && !out; i++) await vi.advanceTimersByTimeAsync(50);
  if (!out) throw new Error('the profile load did not settle');
  return { ...out, at: Date.now() - start };
}

const meCalls = () => calls.filter((c) => c.path === '/api/me').map((c) => c.at - calls[0].at);

describe('profile load after sign-in (SPEC 5, 8, 9)', () => {
  it('answers the profile of the first attempt', async () => {
    const { value } = await settle();
    expect(value).toEqual(ME);
    expect(meCalls()).toEqual([0]);
  });

  it('gives each attempt 8 seconds, waits 1 s after a timeout, and stops after 3 attempts naming the last', async () => {
    meAnswers = ['hang', 'hang', 'hang'];
    const { error } = await settle();
    expect(error).toBeInstanceOf(ProfileLoadError);
    expect(error?.message).toBe('Profile load timeout after 8 seconds (attempt 3)');
    expect(error?.signOut).toBe(false);
    // 8 s, then 1 s wait, 8 s, 1 s wait, 8 s.
    expect(meCalls()).toEqual([0, 9_000, 18_000]);
  });

  it('succeeds on a later attempt after a timeout', async () => {
    meAnswers = ['hang', 200];
    const { value } = await settle();
    expect(value).toEqual(ME);
    expect(meCalls()).toEqual([0, 9_000]);
    expect(PROFILE_LOAD_TEXTS.timeout(1)).toBe('Profile load timeout after 8 seconds (attempt 1)');
  });

  it('retries a 406 after 1 s and a network error after 2 s', async () => {
    meAnswers = [406, 'network', 200];
    const { value } = await settle();
    expect(value).toEqual(ME);
    expect(meCalls()).toEqual([0, 1_000, 3_000]);
  });

  it.each([500, 502, 503, 504])('retries a %i after 2 s', async (status) => {
    meAnswers = [status, 200];
    const { value } = await settle();
    expect(value).toEqual(ME);
    expect(meCalls()).toEqual([0, 2_000]);
  });

  it('asks the health route after a server error and names a store outage', async () => {
    meAnswers = [503, 503, 503];
    health = 503;
    const { error } = await settle();
    expect(error?.message).toBe('Database connectivity failed: The data store did not answer');
    expect(calls.filter((c) => c.path === '/api/health')).toHaveLength(3);
    expect(meCalls()).toEqual([0, 2_000, 4_000]);
  });

  it('keeps the server error when the store answers', async () => {
    meAnswers = [502, 502, 502];
    const { error } = await settle();
    expect(error?.message).toBe('HTTP 502');
    expect(meCalls()).toHaveLength(3);
  });

  it('does not retry a rejected session: Invalid session during profile load, to be signed out', async () => {
    meAnswers = [401];
    const { error } = await settle();
    expect(error?.message).toBe('Invalid session during profile load');
    expect(error?.signOut).toBe(true);
    expect(meCalls()).toEqual([0]);
  });

  it('calls nothing for a damaged stored session (no ID token comes out of it)', async () => {
    amplify.fetchAuthSession.mockRejectedValue(new Error('Invalid token'));
    const { error } = await settle();
    expect(error?.message).toBe('Invalid session during profile load');
    expect(error?.signOut).toBe(true);
    expect(calls).toEqual([]);
  });

  it("passes a refusal (403) on at once with the server's message", async () => {
    meAnswers = [403];
    const { error } = await settle();
    expect(error?.message).toBe('HTTP 403');
    expect(error?.status).toBe(403);
    expect(meCalls()).toEqual([0]);
  });
});
