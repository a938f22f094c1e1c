import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { readEnv } from '../config/env.js';
import { removeConnection } from '../domain/connections.js';
import * as z from '../zod.js';

let client: ApiGatewayManagementApiClient | undefined;

function getClient() {
  if (!client) {
    const env = readEnv({ AWS_REGION: z._default(z.string(), 'us-east-1'), WS_MANAGEMENT_ENDPOINT: z.url() });
    const local = env.WS_MANAGEMENT_ENDPOINT.startsWith('http://');
    client = new ApiGatewayManagementApiClient({
      region: env.AWS_REGION,
      endpoint: env.WS_MANAGEMENT_ENDPOINT,
      ...(local ? { credentials: { accessKeyId: 'local', secretAccessKey: 'local' } } : {}),
    });
  }
  return client;
}

/**
 * Sends `message` (JSON) to each connection. Connections that are gone are deleted; other failures
 * are reported but do not stop delivery to the rest. Returns how many were delivered.
 */
export async function pushToConnections(connectionIds: readonly string[], message: unknown): Promise<number> {
  const data = new TextEncoder().encode(JSON.stringify(message));
  const results = await Promise.allSettled(
    connectionIds.map(async (ConnectionId) => {
      try {
        await getClient().send(new PostToConnectionCommand({ ConnectionId, Data: data }));
      } catch (e) {
        if (e instanceof GoneException || (e as { name?: string }).name === 'GoneException') {
          await removeConnection(ConnectionId);
        }
        throw e;
      }
    }),
  );
  return results.filter((r) => r.status === 'fulfilled').length;
}

export function resetRealtimeClient() {
  client = undefined;
}

/** Closes each connection (the browser sees the socket close); ones already gone count as closed. */
export async function closeConnections(connectionIds: readonly string[]): Promise<void> {
  await Promise.all(
    connectionIds.map(async (ConnectionId) => {
      try {
        await getClient().send(new DeleteConnectionCommand({ ConnectionId }));
      } catch (e) {
        if (!(e instanceof GoneException || (e as { name?: string }).name === 'GoneException')) throw e;
      }
      await removeConnection(ConnectionId);
    }),
  );
}
