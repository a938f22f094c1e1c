import { beforeEach, describe, expect, it, vi } from 'vitest';

const verifyIdToken = vi.fn();
const getProfileByUserId = vi.fn();
const saveConnection = vi.fn();
vi.mock('../../shared/adapters/token-verifier.js', () => ({ verifyIdToken }));
vi.mock('../../shared/domain/profiles.js', () => ({ getProfileByUserId }));
vi.mock('../../shared/domain/connections.js', () => ({ saveConnection }));

const { handler } = await import('../../functions/realtime/connect.js');
const { lambdaContext } = await import('../../infra/local/handlers.js');

const connect = async (token?: string) =>
  (await handler(
    {
      requestContext: { connectionId: 'c-1' },
      queryStringParameters: token ? { token } : undefined,
    } as never,
    lambdaContext('realtime/connect'),
  )) as { statusCode: number };

describe('WebSocket $connect answers', () => {
  beforeEach(() => {
    vi.resetAllMocks();
    verifyIdToken.mockResolvedValue({ sub: 'u-1', 'cognito:groups': '[client]' });
    getProfileByUserId.mockResolvedValue({ id: 'p-1', role: 'client', isActive: true });
    saveConnection.mockResolvedValue(undefined);
  });

  it('401 without a token or with one that does not verify', async () => {
    expect((await connect()).statusCode).toBe(401);
    verifyIdToken.mockRejectedValue(new Error('JWT expired'));
    expect((await connect('bad')).statusCode).toBe(401);
    expect(saveConnection).not.toHaveBeenCalled();
  });

  it('403 for a deactivated user; 200 and a stored connection for an active one', async () => {
    getProfileByUserId.mockResolvedValueOnce({ id: 'p-1', role: 'client', isActive: false });
    expect((await connect('t')).statusCode).toBe(403);
    expect((await connect('t')).statusCode).toBe(200);
    expect(saveConnection).toHaveBeenCalledWith({
      connectionId: 'c-1',
      userId: 'u-1',
      profileId: 'p-1',
      role: 'client',
    });
  });

  it('a failure after the token check is a 500, not a 401', async () => {
    saveConnection.mockRejectedValue(new Error('ProvisionedThroughputExceededException'));
    expect((await connect('t')).statusCode).toBe(500);
    getProfileByUserId.mockRejectedValue(new Error('network'));
    expect((await connect('t')).statusCode).toBe(500);
  });
});
