import { BatchGetCommand, BatchWriteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { BATCH_ATTEMPTS, BatchIncompleteError, batchWriteAll } from '../../../shared/db/batch.js';
import { resetDb } from '../../../shared/db/client.js';
import { resetStore, store } from '../../../shared/db/service.js';
import { readCounters } from '../../../shared/domain/counters.js';
import { useEnv } from './env.js';

const TABLE = 'pawsitive-test';
const doc = mockClient(DynamoDBDocumentClient);
beforeEach(() => {
  doc.reset();
  resetDb();
  resetStore();
});
afterAll(() => doc.restore());

const dogKey = (id: string) => store().entities.dog.delete({ id }).params().Key as Record<string, string>;
const counterKey = (name: string) => store().entities.counter.get({ name }).params().Key as Record<string, string>;
const counterItem = (name: string, value: number) => store().entities.counter.put({ name, value }).params().Item;
const deleteRequests = (input: unknown) =>
  (
    (input as { RequestItems: Record<string, { DeleteRequest: { Key: Record<string, string> } }[]> }).RequestItems[
      TABLE
    ] ?? []
  ).map((r) => r.DeleteRequest.Key);

/** The edge of every batch read and write: what DynamoDB leaves unprocessed is sent again until none is left. */
describe('batch reads and writes', () => {
  useEnv({ TABLE_NAME: TABLE, AWS_REGION: 'us-east-1', DYNAMODB_ENDPOINT: undefined });

  it('a batch delete sends the items DynamoDB left unprocessed again, several times, until every one is deleted', async () => {
    const ids = ['d1', 'd2', 'd3', 'd4'];
    const left = (...keep: string[]) => ({
      UnprocessedItems: { [TABLE]: keep.map((id) => ({ DeleteRequest: { Key: dogKey(id) } })) },
    });
    doc
      .on(BatchWriteCommand)
      .resolvesOnce(left('d2', 'd3', 'd4'))
      .resolvesOnce(left('d3', 'd4'))
      .resolvesOnce(left('d4'))
      .resolves({ UnprocessedItems: {} });
    await batchWriteAll(
      'dogs',
      ids.map((id) => ({ id })),
      (keys) => store().entities.dog.delete(keys).go(),
    );
    const sent = doc.commandCalls(BatchWriteCommand).map((c) => deleteRequests(c.args[0].input));
    expect(sent).toEqual([ids.map(dogKey), ['d2', 'd3', 'd4'].map(dogKey), ['d3', 'd4'].map(dogKey), [dogKey('d4')]]);
  });

  it('gives up with a clear error when DynamoDB keeps leaving items unprocessed', async () => {
    doc.on(BatchWriteCommand).resolves({ UnprocessedItems: { [TABLE]: [{ DeleteRequest: { Key: dogKey('d9') } }] } });
    const run = batchWriteAll('dogs', [{ id: 'd9' }], (keys) => store().entities.dog.delete(keys).go());
    await expect(run).rejects.toThrow(BatchIncompleteError);
    await expect(run).rejects.toThrow('1 dogs were still unprocessed');
    expect(doc.commandCalls(BatchWriteCommand)).toHaveLength(BATCH_ATTEMPTS);
  });

  it('a batch read asks again for the keys DynamoDB left unprocessed and answers every item', async () => {
    const names = ['a', 'b', 'c'];
    doc
      .on(BatchGetCommand)
      .resolvesOnce({
        Responses: { [TABLE]: [counterItem('a', 1)] },
        UnprocessedKeys: { [TABLE]: { Keys: [counterKey('b'), counterKey('c')] } },
      })
      .resolvesOnce({
        Responses: { [TABLE]: [] },
        UnprocessedKeys: { [TABLE]: { Keys: [counterKey('b'), counterKey('c')] } },
      })
      .resolvesOnce({
        Responses: { [TABLE]: [counterItem('b', 2)] },
        UnprocessedKeys: { [TABLE]: { Keys: [counterKey('c')] } },
      })
      .resolves({ Responses: { [TABLE]: [counterItem('c', 3)] }, UnprocessedKeys: {} });
    expect(await readCounters(names)).toEqual({ a: 1, b: 2, c: 3 });
    const asked = doc
      .commandCalls(BatchGetCommand)
      .map((c) => (c.args[0].input.RequestItems?.[TABLE]?.Keys ?? []).length);
    expect(asked).toEqual([3, 2, 2, 1]);
  });
});
