import { act, render, screen } from '@testing-library/react';
import { Hub } from 'aws-amplify/utils';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuth } from '../../../lib/auth-context';
import { resetRuntimeConfigForTests } from '../../../lib/config';
import { TEST_CONFIG } from '../../../lib/content/test-support';
import { AmplifyAuthProvider, AUTH_EVENT_DEBOUNCE_MS } from './auth-provider';

const amplify = vi.hoisted(() => ({
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
  signOut: vi.fn(),
  fetchAuthSession: vi.fn(),
}));
vi.mock('aws-amplify/auth', () => amplify);

const CLAIMS = { sub: 'u-1', email: 'owner@example.com', 'cognito:groups': ['client'] };
let signedIn = false;
let meStatus = 200;
/** Answers of the next GET /api/me calls, before `meStatus` takes over. */
let meFirst: number[] = [];
let meCalls = 0;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

// The sign-in calls load on first use (lib/auth.ts): loaded here, on the real clock, before any test.
beforeAll(async () => {
  await import('../../../lib/auth-flows');
});

beforeEach(() => {
  vi.useFakeTimers();
  signedIn = false;
  meStatus = 200;
  meFirst = [];
  meCalls = 0;
  for (const fn of Object.values(amplify)) fn.mockReset();
  amplify.fetchAuthSession.mockImplementation(async () =>
    signedIn ? { tokens: { idToken: { toString: () => 'id-token', payload: CLAIMS } } } : { tokens: undefined },
  );
  amplify.signIn.mockImplementation(async () => {
    signedIn = true;
    return { isSignedIn: true, nextStep: { signInStep: 'DONE' } };
  });
  amplify.signOut.mockImplementation(async () => {
    signedIn = false;
  });
  resetRuntimeConfigForTests();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = String(input);
      if (url === '/config.json') return json(200, TEST_CONFIG);
      if (url === '/api/me') {
        meCalls++;
        const status = meFirst.shift() ?? meStatus;
        return status === 200
          ? json(200, { role: 'client', profile: { id: 'p-1' } })
          : json(status, { error: { code: 'X', message: `HTTP ${status}` } });
      }
      return json(404, {});
    }),
  );
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function Status() {
  const auth = useAuth();
  return <output data-testid="status">{auth.status}</output>;
}

let auth: ReturnType<typeof useAuth>;
function Grab() {
  auth = useAuth();
  return null;
}

async function renderProvider() {
  render(
    <AmplifyAuthProvider authFlowType="USER_PASSWORD_AUTH">
      <Status />
      <Grab />
    </AmplifyAuthProvider>,
  );
  await act(() => vi.advanceTimersByTimeAsync(0));
}

/** An auth event as Amplify itself raises it (its symbol: the channel is reserved for Amplify). */
const dispatch = (event: string) => Hub.dispatch('auth', { event } as never, 'Auth', Symbol.for('amplify_default'));

describe('auth events (SPEC 9: debounced 100 ms)', () => {
  it('handles a burst of auth events once, 100 ms after the last one', async () => {
    await renderProvider();
    expect(screen.getByTestId('status')).toHaveTextContent('signedOut');
    const reads = amplify.fetchAuthSession.mock.calls.length;
    signedIn = true;
    await act(async () => {
      dispatch('signedIn');
      await vi.advanceTimersByTimeAsync(60);
      dispatch('tokenRefresh');
      await vi.advanceTimersByTimeAsync(60);
      dispatch('tokenRefresh');
      await vi.advanceTimersByTimeAsync(AUTH_EVENT_DEBOUNCE_MS - 1);
    });
    // 219 ms after the first event, 99 ms after the last: nothing handled yet.
    expect(amplify.fetchAuthSession.mock.calls.length).toBe(reads);
    expect(screen.getByTestId('status')).toHaveTextContent('signedOut');
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(amplify.fetchAuthSession.mock.calls.length).toBe(reads + 1);
    expect(screen.getByTestId('status')).toHaveTextContent('signedIn');
  });

  it('lets the last event of a burst win', async () => {
    signedIn = true;
    await renderProvider();
    expect(screen.getByTestId('status')).toHaveTextContent('signedIn');
    await act(async () => {
      dispatch('tokenRefresh');
      dispatch('signedOut');
      await vi.advanceTimersByTimeAsync(AUTH_EVENT_DEBOUNCE_MS);
    });
    expect(screen.getByTestId('status')).toHaveTextContent('signedOut');
  });
});

describe('sign-in with the profile load (SPEC 5, 8, 9)', () => {
  it('signs the session out again when the profile load fails, with the last attempt named', async () => {
    await renderProvider();
    meStatus = 504;
    let failure: Error | undefined;
    await act(async () => {
      auth.signIn('owner@example.com', 'secret-pass').catch((e: Error) => {
        failure = e;
      });
      for (let i = 0; i < 200 && !failure; i++) await vi.advanceTimersByTimeAsync(50);
    });
    expect(failure?.message).toBe('HTTP 504');
    expect(meCalls).toBe(3);
    expect(amplify.signOut).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('status')).toHaveTextContent('signedOut');
  });

  it('signs in once the profile has loaded', async () => {
    await renderProvider();
    meFirst = [406];
    let step: unknown;
    await act(async () => {
      auth.signIn('owner@example.com', 'secret-pass').then((s) => {
        step = s;
      });
      for (let i = 0; i < 200 && !step; i++) await vi.advanceTimersByTimeAsync(50);
    });
    expect(step).toBe('done');
    expect(meCalls).toBe(2);
    expect(amplify.signOut).not.toHaveBeenCalled();
    expect(screen.getByTestId('status')).toHaveTextContent('signedIn');
  });
});
