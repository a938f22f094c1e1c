import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2 } from 'aws-lambda';
import { removeConnection } from '../../shared/domain/connections.js';

export const handler = async (event: APIGatewayProxyWebsocketEventV2): Promise<APIGatewayProxyResultV2> => {
  await removeConnection(event.requestContext.connectionId);
  return { statusCode: 200, body: 'Disconnected' };
};
