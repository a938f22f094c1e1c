import {
  ApiGatewayManagementApiClient,
  DeleteConnectionCommand,
  GoneException,
  PostToConnectionCommand,
} from '@aws-sdk/client-apigatewaymanagementapi';
import { DeleteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { closeConnections, pushToConnections } from '../../../shared/adapters/realtime.js';
import { store } from '../../../shared/db/service.js';
import { useEnv } from './env.js';

const ENDPOINT = 'https://abc123xyz.execute-api.us-east-1.amazonaws.com/live';
const TABLE = 'pawsitive-table';

const api = mockClient(ApiGatewayManagementApiClient);
const table = mockClient(DynamoDBDocumentClient);
beforeEach(() => {
  api.reset();
  table.reset();
  table.on(DeleteCommand).resolves({});
});
afterAll(() => {
  api.restore();
  table.restore();
});

const gone = () => new GoneException({ message: 'Gone', $metadata: { httpStatusCode: 410 } });

/** The table key of a connection's row, as the product writes it. */
const rowKey = (connectionId: string) => store().entities.connection.delete({ connectionId }).params().Key;
const deletedRows = () => table.commandCalls(DeleteCommand).map((c) => c.args[0].input);

/** The cloud edge of realtime pushes: the WebSocket API's @connections endpoint. */
describe('pushing to WebSocket connections through API Gateway', () => {
  useEnv({
    AWS_REGION: 'us-east-1',
    WS_MANAGEMENT_ENDPOINT: ENDPOINT,
    TABLE_NAME: TABLE,
    DYNAMODB_ENDPOINT: undefined,
    AWS_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    AWS_SECRET_ACCESS_KEY: 'secret',
  });

  it('posts the message as JSON to each connection on the stage endpoint', async () => {
    api.on(PostToConnectionCommand).resolves({});
    const message = { type: 'MessageDelivered', messageId: 'm-1', subject: 'Señor Rex' };
    await expect(pushToConnections(['c-1', 'c-2'], message)).resolves.toBe(2);

    const calls = api.commandCalls(PostToConnectionCommand);
    expect(calls.map((c) => c.args[0].input.ConnectionId)).toEqual(['c-1', 'c-2']);
    for (const c of calls) {
      expect(JSON.parse(new TextDecoder().decode(c.args[0].input.Data as Uint8Array))).toEqual(message);
    }
    const client = calls[0].thisValue as ApiGatewayManagementApiClient;
    const endpoint = await client.config.endpoint?.();
    expect(endpoint).toMatchObject({ protocol: 'https:', hostname: 'abc123xyz.execute-api.us-east-1.amazonaws.com' });
    expect(endpoint?.path).toMatch(/^\/live\/?$/);
    expect(deletedRows()).toEqual([]);
  });

  it('a connection that is gone (410) is dropped from the table; the others still get the message', async () => {
    api
      .on(PostToConnectionCommand)
      .resolves({})
      .on(PostToConnectionCommand, { ConnectionId: 'c-gone' })
      .rejects(gone());
    await expect(pushToConnections(['c-1', 'c-gone', 'c-3'], { type: 'x' })).resolves.toBe(2);
    expect(api.commandCalls(PostToConnectionCommand)).toHaveLength(3);
    expect(deletedRows()).toEqual([expect.objectContaining({ TableName: TABLE, Key: rowKey('c-gone') })]);
  });

  it('any other failure is counted as not delivered, keeps the connection and stops no other delivery', async () => {
    api
      .on(PostToConnectionCommand)
      .resolves({})
      .on(PostToConnectionCommand, { ConnectionId: 'c-busy' })
      .rejects(Object.assign(new Error('Rate exceeded'), { name: 'LimitExceededException' }));
    await expect(pushToConnections(['c-busy', 'c-2'], { type: 'x' })).resolves.toBe(1);
    expect(deletedRows()).toEqual([]);
  });

  it('closing connections deletes each at API Gateway and its row; one already gone counts as closed', async () => {
    api
      .on(DeleteConnectionCommand)
      .resolves({})
      .on(DeleteConnectionCommand, { ConnectionId: 'c-gone' })
      .rejects(gone());
    await closeConnections(['c-1', 'c-gone']);
    expect(api.commandCalls(DeleteConnectionCommand).map((c) => c.args[0].input)).toEqual([
      { ConnectionId: 'c-1' },
      { ConnectionId: 'c-gone' },
    ]);
    expect(deletedRows().map((r) => r.Key)).toEqual([rowKey('c-1'), rowKey('c-gone')]);
  });

  it('a close that fails otherwise is reported and that connection keeps its row', async () => {
    api
      .on(DeleteConnectionCommand)
      .rejects(
        Object.assign(new Error('Forbidden'), { name: 'ForbiddenException', $metadata: { httpStatusCode: 403 } }),
      );
    await expect(closeConnections(['c-1'])).rejects.toThrow('Forbidden');
    expect(deletedRows()).toEqual([]);
  });
});
