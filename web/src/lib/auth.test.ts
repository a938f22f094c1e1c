import { Amplify, fetchAuthSession as coreFetchAuthSession } from '@aws-amplify/core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  completeNewPassword,
  configureAuth,
  confirmPasswordReset,
  createRefreshTokenAuthRefresher,
  decodeJwt,
  REFRESH_BACKOFF,
  requestPasswordReset,
  signInWithPassword,
  withRefreshBackoff,
} from './auth';
import { roleFromGroups } from './auth-context';

const amplify = vi.hoisted(() => ({
  signIn: vi.fn(),
  confirmSignIn: vi.fn(),
  signOut: vi.fn(),
  fetchAuthSession: vi.fn(),
  resetPassword: vi.fn(),
  confirmResetPassword: vi.fn(),
}));
vi.mock('aws-amplify/auth', () => amplify);

const cognitoError = (name: string, message: string) => Object.assign(new Error(message), { name });

const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (payload: Record<string, unknown>) => `${b64url({ alg: 'RS256' })}.${b64url(payload)}.sig`;

describe('cognito-local token refresher', () => {
  it('refreshes with InitiateAuth REFRESH_TOKEN_AUTH and returns Amplify-shaped tokens', async () => {
    const now = Math.floor(Date.now() / 1000);
    const access = jwt({ sub: 'u1', iat: now, exp: now + 3600 });
    const id = jwt({ sub: 'u1', email: 'a@b.c', 'cognito:groups': ['admin'], iat: now, exp: now + 3600 });
    const fetchMock = vi.fn(
      async (_url: RequestInfo | URL, _init?: RequestInit) =>
        new Response(JSON.stringify({ AuthenticationResult: { AccessToken: access, IdToken: id } }), { status: 200 }),
    );
    const refresh = createRefreshTokenAuthRefresher(
      { userPoolClientId: 'client-1', userPoolEndpoint: 'http://127.0.0.1:9229' },
      fetchMock as typeof fetch,
    );
    const tokens = await refresh({
      tokens: { accessToken: decodeJwt(access), refreshToken: 'refresh-1', clockDrift: 0, username: 'u1' },
      username: 'u1',
    } as Parameters<typeof refresh>[0]);

    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('http://127.0.0.1:9229');
    expect(new Headers(init?.headers).get('X-Amz-Target')).toBe('AWSCognitoIdentityProviderService.InitiateAuth');
    expect(JSON.parse(String(init?.body))).toEqual({
      AuthFlow: 'REFRESH_TOKEN_AUTH',
      ClientId: 'client-1',
      AuthParameters: { REFRESH_TOKEN: 'refresh-1' },
    });
    expect(tokens.idToken?.toString()).toBe(id);
    expect(tokens.idToken?.payload['cognito:groups']).toEqual(['admin']);
    expect(tokens.accessToken.toString()).toBe(access);
    expect(tokens.refreshToken).toBe('refresh-1');
    expect(tokens.username).toBe('u1');
  });

  it("fails with Cognito's error type so Amplify can clear an invalid session", async () => {
    const refresh = createRefreshTokenAuthRefresher(
      { userPoolClientId: 'client-1', userPoolEndpoint: 'http://127.0.0.1:9229' },
      (async () =>
        new Response(JSON.stringify({ __type: 'NotAuthorizedException', message: 'Invalid Refresh Token' }), {
          status: 400,
        })) as typeof fetch,
    );
    await expect(
      refresh({
        tokens: { accessToken: decodeJwt(jwt({ iat: 1 })), refreshToken: 'bad', clockDrift: 0, username: 'u1' },
        username: 'u1',
      } as Parameters<typeof refresh>[0]),
    ).rejects.toMatchObject({ name: 'NotAuthorizedException', message: 'Invalid Refresh Token' });
  });
});

describe('token refresh back-off (SPEC 9)', () => {
  type Refresher = Parameters<typeof withRefreshBackoff>[0];
  const input = { tokens: {}, authConfig: {}, username: 'u' } as unknown as Parameters<Refresher>[0];
  const fresh = { accessToken: 'new' } as unknown as Awaited<ReturnType<Refresher>>;

  /** Runs the refresh on the fake clock, noting when each try was made. */
  async function run(failures: Error[]) {
    vi.useFakeTimers();
    const at: number[] = [];
    const start = Date.now();
    const refresher = vi.fn(async () => {
      at.push(Date.now() - start);
      const failure = failures.shift();
      if (failure) throw failure;
      return fresh;
    });
    let out: { value?: unknown; error?: Error } | undefined;
    withRefreshBackoff(refresher as Refresher)(input).then(
      (value) => {
        out = { value };
      },
      (error: Error) => {
        out = { error };
      },
    );
    for (let i = 0; i < 300 && !out; i++) await vi.advanceTimersByTimeAsync(10);
    vi.useRealTimers();
    return { ...out, at };
  }

  it('tries a transient failure again after 200 ms, then 400 ms, then 800 ms', async () => {
    const network = () => cognitoError('NetworkError', 'Failed to fetch');
    const { value, at } = await run([network(), network(), network()]);
    expect(value).toBe(fresh);
    expect(at).toEqual([0, 200, 600, 1_400]);
  });

  it(`gives up after ${REFRESH_BACKOFF.retries} retries with the last error`, async () => {
    const { error, at } = await run([1, 2, 3, 4].map((n) => cognitoError('InternalErrorException', `down ${n}`)));
    expect(error?.message).toBe('down 4');
    expect(at).toEqual([0, 200, 600, 1_400]);
  });

  it('never retries an answer that ends the session', async () => {
    const { error, at } = await run([cognitoError('NotAuthorizedException', 'Refresh Token has expired')]);
    expect(error?.name).toBe('NotAuthorizedException');
    expect(at).toEqual([0]);
  });
});

describe('roleFromGroups', () => {
  it('reads cognito:groups as an array or as the authorizer string', () => {
    expect(roleFromGroups(['client'])).toBe('client');
    expect(roleFromGroups(['client', 'admin'])).toBe('admin');
    expect(roleFromGroups('[admin]')).toBe('admin');
    expect(roleFromGroups(undefined)).toBeNull();
  });
});

describe('sign-in steps', () => {
  beforeEach(() => {
    for (const fn of Object.values(amplify)) fn.mockReset();
  });

  it('reports the new-password step of an account with a temporary password', async () => {
    amplify.signIn.mockResolvedValue({
      isSignedIn: false,
      nextStep: { signInStep: 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED' },
    });
    await expect(signInWithPassword(' A@B.C ', 'Tmp4Pass', 'USER_SRP_AUTH')).resolves.toBe('newPasswordRequired');
    expect(amplify.signIn).toHaveBeenCalledWith({
      username: 'a@b.c',
      password: 'Tmp4Pass',
      options: { authFlowType: 'USER_SRP_AUTH' },
    });
  });

  it('reports done when signed in, and turns other steps into errors', async () => {
    amplify.signIn.mockResolvedValueOnce({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    await expect(signInWithPassword('a@b.c', 'pw', 'USER_PASSWORD_AUTH')).resolves.toBe('done');
    amplify.signIn.mockResolvedValueOnce({ isSignedIn: false, nextStep: { signInStep: 'CONFIRM_SIGN_UP' } });
    await expect(signInWithPassword('a@b.c', 'pw', 'USER_PASSWORD_AUTH')).rejects.toThrow(
      'Please confirm your email address before signing in.',
    );
  });

  it('answers the challenge with confirmSignIn', async () => {
    amplify.confirmSignIn.mockResolvedValue({ isSignedIn: true, nextStep: { signInStep: 'DONE' } });
    await completeNewPassword('walkies every day');
    expect(amplify.confirmSignIn).toHaveBeenCalledWith({ challengeResponse: 'walkies every day' });
    amplify.confirmSignIn.mockResolvedValue({ isSignedIn: false, nextStep: { signInStep: 'RESET_PASSWORD' } });
    await expect(completeNewPassword('walkies every day')).rejects.toThrow(
      'A password reset is required for this account.',
    );
  });
});

describe('password reset', () => {
  beforeEach(() => {
    for (const fn of Object.values(amplify)) fn.mockReset();
  });

  it('requests a code for the lower-case address; an unknown address is not an error', async () => {
    amplify.resetPassword.mockResolvedValueOnce({});
    await requestPasswordReset(' Owner@Example.com ');
    expect(amplify.resetPassword).toHaveBeenCalledWith({ username: 'owner@example.com' });
    amplify.resetPassword.mockRejectedValueOnce(cognitoError('UserNotFoundException', 'User does not exist.'));
    await expect(requestPasswordReset('nobody@example.com')).resolves.toBeUndefined();
    amplify.resetPassword.mockRejectedValueOnce(cognitoError('LimitExceededException', 'Attempt limit exceeded'));
    await expect(requestPasswordReset('owner@example.com')).rejects.toMatchObject({
      name: 'LimitExceededException',
    });
  });

  it("confirms with the trimmed code and words Cognito's code errors the same in both runtimes", async () => {
    amplify.confirmResetPassword.mockResolvedValueOnce(undefined);
    await confirmPasswordReset('Owner@Example.com', ' 123456 ', 'sit and stay');
    expect(amplify.confirmResetPassword).toHaveBeenCalledWith({
      username: 'owner@example.com',
      confirmationCode: '123456',
      newPassword: 'sit and stay',
    });
    amplify.confirmResetPassword.mockRejectedValueOnce(
      cognitoError('CodeMismatchException', 'Incorrect confirmation code'),
    );
    await expect(confirmPasswordReset('owner@example.com', '1', 'sit and stay')).rejects.toMatchObject({
      name: 'CodeMismatchException',
      message: 'Invalid verification code provided, please try again.',
    });
    amplify.confirmResetPassword.mockRejectedValueOnce(cognitoError('ExpiredCodeException', 'Code expired'));
    await expect(confirmPasswordReset('owner@example.com', '1', 'sit and stay')).rejects.toThrow(
      'Invalid code provided, please request a code again.',
    );
    amplify.confirmResetPassword.mockRejectedValueOnce(
      cognitoError('InvalidPasswordException', 'Password does not conform to policy'),
    );
    await expect(confirmPasswordReset('owner@example.com', '1', 'short')).rejects.toThrow(
      'Password does not conform to policy',
    );
  });
});

describe('configureAuth', () => {
  it("configures Amplify's user-pool tokens from the runtime config and reads a stored session", async () => {
    const clientId = 'client-cfg';
    const now = Math.floor(Date.now() / 1000);
    const id = jwt({ sub: 'u9', email: 'c@d.e', 'cognito:groups': ['client'], iat: now, exp: now + 3600 });
    const access = jwt({ sub: 'u9', username: 'u9', iat: now, exp: now + 3600 });
    const prefix = `CognitoIdentityServiceProvider.${clientId}`;
    localStorage.setItem(`${prefix}.LastAuthUser`, 'u9');
    localStorage.setItem(`${prefix}.u9.idToken`, id);
    localStorage.setItem(`${prefix}.u9.accessToken`, access);
    localStorage.setItem(`${prefix}.u9.clockDrift`, '0');

    configureAuth({
      userPoolId: 'eu-west-1_pool',
      userPoolClientId: clientId,
      userPoolEndpoint: 'http://127.0.0.1:9229',
    } as Parameters<typeof configureAuth>[0]);

    expect(Amplify.getConfig().Auth?.Cognito).toMatchObject({
      userPoolId: 'eu-west-1_pool',
      userPoolClientId: clientId,
    });
    // The tokens come from localStorage through the user-pool token provider; no identity pool is set up.
    const session = await coreFetchAuthSession();
    expect(session.tokens?.idToken?.toString()).toBe(id);
    expect(session.tokens?.idToken?.payload.email).toBe('c@d.e');
    expect(session.credentials).toBeUndefined();
    localStorage.clear();
  });
});
