import { DynamoDBDocumentClient, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { resetDb } from '../../../shared/db/client.js';
import { resetStore, writeTransaction } from '../../../shared/db/service.js';
import { busyDayItems } from '../../../shared/domain/busy-days.js';
import { useEnv } from './env.js';

const doc = mockClient(DynamoDBDocumentClient);
beforeEach(() => {
  doc.reset();
  resetDb();
  resetStore();
});
afterAll(() => doc.restore());

/** DynamoDB's answer when a transaction is cancelled, with one reason per item. */
const cancelled = (...codes: string[]) =>
  Object.assign(new Error('Transaction cancelled'), {
    name: 'TransactionCanceledException',
    CancellationReasons: codes.map((Code) => ({ Code })),
  });

const entry = (id: string, scheduledAt: string) => ({
  id,
  scheduledAt,
  endsAt: new Date(Date.parse(scheduledAt) + 3_600_000).toISOString(),
});

/** The edge of every multi-item write: one TransactWriteItems, retried only when another transaction got in the way. */
describe('writeTransaction', () => {
  useEnv({ TABLE_NAME: 'pawsitive-test', AWS_REGION: 'us-east-1', DYNAMODB_ENDPOINT: undefined });

  it('sends the items again when the transaction was cancelled by a conflict only, until it lands', async () => {
    doc
      .on(TransactWriteCommand)
      .rejectsOnce(cancelled('None', 'TransactionConflict'))
      .rejectsOnce(cancelled('TransactionConflict', 'None'))
      .resolves({});
    const items = busyDayItems({
      add: [entry('a', '2026-12-01T10:00:00.000Z'), entry('b', '2026-12-02T10:00:00.000Z')],
    });
    const result = await writeTransaction(() => items);
    expect(result.canceled).toBe(false);
    const calls = doc.commandCalls(TransactWriteCommand);
    expect(calls).toHaveLength(3);
    for (const c of calls) expect(c.args[0].input.TransactItems).toHaveLength(2);
  });

  it('does not retry a failed condition, and gives up on conflicts after a few tries', async () => {
    doc.on(TransactWriteCommand).rejects(cancelled('ConditionalCheckFailed', 'TransactionConflict'));
    const failed = await writeTransaction(() => busyDayItems({ add: [entry('a', '2026-12-01T10:00:00.000Z')] }));
    expect(failed).toEqual({ canceled: true, codes: ['ConditionalCheckFailed', 'TransactionConflict'] });
    expect(doc.commandCalls(TransactWriteCommand)).toHaveLength(1);

    doc.reset();
    doc.on(TransactWriteCommand).rejects(cancelled('TransactionConflict'));
    const busy = await writeTransaction(() => busyDayItems({ add: [entry('a', '2026-12-01T10:00:00.000Z')] }));
    expect(busy.canceled).toBe(true);
    expect(doc.commandCalls(TransactWriteCommand).length).toBeGreaterThan(1);
    expect(doc.commandCalls(TransactWriteCommand).length).toBeLessThanOrEqual(8);
  });
});

describe('busyDayItems', () => {
  useEnv({ TABLE_NAME: 'pawsitive-test', AWS_REGION: 'us-east-1', DYNAMODB_ENDPOINT: undefined });

  it('writes each UTC day once: entries set, moved ones removed from their old day, an id both added and removed is set', () => {
    const items = busyDayItems({
      remove: [entry('moved', '2026-12-01T23:30:00.000Z'), entry('same', '2026-12-02T08:00:00.000Z')],
      add: [entry('moved', '2026-12-02T09:00:00.000Z'), entry('same', '2026-12-02T10:00:00.000Z')],
    }) as unknown as {
      Update: {
        Key: Record<string, string>;
        UpdateExpression: string;
        ExpressionAttributeNames: Record<string, string>;
        ExpressionAttributeValues: Record<string, unknown>;
      };
    }[];
    expect(items).toHaveLength(2);
    const [first, second] = items.map((i) => i.Update);
    expect(first.Key.sk).toContain('2026-12-01');
    expect(first.UpdateExpression).toMatch(/ REMOVE #r0 ADD #n :one$/);
    expect(first.ExpressionAttributeNames['#r0']).toBe('b_moved');
    expect(second.Key.sk).toContain('2026-12-02');
    expect(second.UpdateExpression).not.toContain('REMOVE');
    const values = Object.fromEntries(
      Object.entries(second.ExpressionAttributeNames)
        .filter(([, name]) => name.startsWith('b_'))
        .map(([k, name]) => [name, second.ExpressionAttributeValues[`:${k.slice(1)}`]]),
    );
    expect(values).toEqual({
      b_moved: [Date.parse('2026-12-02T09:00:00.000Z'), Date.parse('2026-12-02T10:00:00.000Z')],
      b_same: [Date.parse('2026-12-02T10:00:00.000Z'), Date.parse('2026-12-02T11:00:00.000Z')],
    });
    // Expires three days after the day starts (TTL, epoch seconds).
    expect(second.ExpressionAttributeValues[':ttl']).toBe(Date.parse('2026-12-05T00:00:00Z') / 1000);
  });
});
