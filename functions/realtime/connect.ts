import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { verifyIdToken } from '../../shared/adapters/token-verifier.js';
import { saveConnection } from '../../shared/domain/connections.js';
import { getProfileByUserId } from '../../shared/domain/profiles.js';
import { parseGroups } from '../lib/http.js';
import { logger } from '../lib/logger.js';

type ConnectEvent = APIGatewayProxyWebsocketEventV2 & { queryStringParameters?: Record<string, string | undefined> };

/**
 * $connect: the browser passes its ID token as `?token=`. Only active users with a profile may
 * connect; the connection is stored with the user's role so pushes can target admins or one client.
 */
export const handler = async (event: ConnectEvent): Promise<APIGatewayProxyResultV2> => {
  const token = event.queryStringParameters?.token;
  if (!token) return { statusCode: 401, body: 'Missing token' };
  let claims: Awaited<ReturnType<typeof verifyIdToken>>;
  try {
    claims = await verifyIdToken(token);
  } catch (e) {
    logger.warn('WebSocket connect refused: token not valid', { error: String(e) });
    return { statusCode: 401, body: 'Unauthorized' };
  }
  // Past the token check a failure is ours (profile read, connection write): a 500, logged as an error.
  try {
    const groups = parseGroups(claims['cognito:groups']);
    const role = groups.includes('admin') ? 'admin' : groups.includes('client') ? 'client' : undefined;
    const profile = await getProfileByUserId(claims.sub);
    if (!role || !profile || !profile.isActive || profile.role !== role) return { statusCode: 403, body: 'Forbidden' };
    await saveConnection({
      connectionId: event.requestContext.connectionId,
      userId: claims.sub,
      profileId: profile.id,
      role,
    });
    return { statusCode: 200, body: 'Connected' };
  } catch (e) {
    logger.error('WebSocket connect failed', { error: String(e) });
    return { statusCode: 500, body: 'Internal Server Error' };
  }
};
