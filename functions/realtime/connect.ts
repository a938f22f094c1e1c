import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { verifyIdToken } from '../../shared/adapters/token-verifier.js';
import { saveConnection } from '../../shared/domain/connections.js';
import { getProfileByUserId } from '../../shared/domain/profiles.js';
import { AppError } from '../../shared/errors.js';
import { parseGroups } from '../lib/http.js';
import { realtimeHandler } from '../lib/realtime.js';

type ConnectEvent = APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string | undefined> };

/**
 * $connect: the browser passes its ID token as `?token=`. Only active users with a profile may
 * connect; the connection is stored with the user's role so pushes can target admins or one client.
 * A missing or invalid token is a 401 and a user who may not connect a 403 (coded errors, mapped in
 * functions/lib/realtime.ts); past the token check any other failure is ours: a 500, logged as an error.
 */
export const handler = realtimeHandler<ConnectEvent>('realtime/connect', async (event) => {
  const token = event.queryStringParameters?.token;
  if (!token) throw new AppError('UNAUTHENTICATED', 'Missing token');
  let claims: Awaited<ReturnType<typeof verifyIdToken>>;
  try {
    claims = await verifyIdToken(token);
  } catch (e) {
    throw new AppError('UNAUTHENTICATED', 'Unauthorized', { token: [String(e)] });
  }
  const groups = parseGroups(claims['cognito:groups']);
  const role = groups.includes('admin') ? 'admin' : groups.includes('client') ? 'client' : undefined;
  const profile = await getProfileByUserId(claims.sub);
  if (!role || !profile?.isActive || profile.role !== role) throw new AppError('FORBIDDEN', 'Forbidden');
  await saveConnection({
    connectionId: event.requestContext.connectionId,
    userId: claims.sub,
    profileId: profile.id,
    role,
  });
  return { statusCode: 200, body: 'Connected' };
});
