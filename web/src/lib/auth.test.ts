import { describe, expect, it, vi } from 'vitest';
import { createRefreshTokenAuthRefresher, decodeJwt } from './auth';
import { roleFromGroups } from './auth-context';

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

describe('roleFromGroups', () => {
  it('reads cognito:groups as an array or as the authorizer string', () => {
    expect(roleFromGroups(['client'])).toBe('client');
    expect(roleFromGroups(['client', 'admin'])).toBe('admin');
    expect(roleFromGroups('[admin]')).toBe('admin');
    expect(roleFromGroups(undefined)).toBeNull();
  });
});
