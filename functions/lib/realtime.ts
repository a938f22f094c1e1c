import type { APIGatewayProxyResultV2, APIGatewayProxyWebsocketEventV2, Context } from 'aws-lambda';
import { isAppError } from '../../shared/errors.js';
import { countResponse, lambdaChain, logFailure, markBuilt, STATUS } from './middleware.js';

/**
 * Builds a WebSocket lifecycle handler ($connect, $disconnect). A coded error answers the handshake
 * with its status (the same table as the HTTP API: 401 for a missing or invalid token, 403 for an
 * account that may not connect); anything else is logged and answered 500, never 401.
 */
export function realtimeHandler<E extends APIGatewayProxyWebsocketEventV2>(
  name: string,
  run: (event: E, context: Context) => Promise<APIGatewayProxyResultV2>,
) {
  const handler = lambdaChain<E, APIGatewayProxyResultV2>()
    .use({
      after: (request) => countResponse('RealtimeResponses', request.response),
      onError: (request) => {
        const e = request.error;
        if (isAppError(e)) {
          logFailure(`WebSocket ${name} refused`, e);
          request.response = { statusCode: STATUS[e.code], body: e.message };
        } else {
          logFailure(`WebSocket ${name} failed`, e);
          request.response = { statusCode: 500, body: 'Internal Server Error' };
        }
        countResponse('RealtimeResponses', request.response);
      },
    })
    .handler(run);
  return markBuilt(handler, 'realtime', name);
}
