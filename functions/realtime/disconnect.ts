import type { APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { removeConnection } from '../../shared/domain/connections.js';
import { realtimeHandler } from '../lib/realtime.js';

export const handler = realtimeHandler<APIGatewayProxyWebsocketEventV2>('realtime/disconnect', async (event) => {
  await removeConnection(event.requestContext.connectionId);
  return { statusCode: 200, body: 'Disconnected' };
});
