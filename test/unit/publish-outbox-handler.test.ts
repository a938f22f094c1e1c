import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { DeleteCommand, DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { logger } from '../../functions/lib/logger.js';
import { handler } from '../../functions/streams/publish-outbox.js';
import { lambdaContext } from '../../infra/local/handlers.js';
import { outboxItem } from '../../shared/domain/outbox.js';
import { EVENT_SOURCE } from '../../shared/routes.js';

/** The outbox publisher's cloud edge: stream records in, PutEvents out, failures handed back by sequence number. */

let seq = 100;
const record = (item: Record<string, unknown>, eventName: DynamoDBRecord['eventName'] = 'INSERT'): DynamoDBRecord => ({
  eventID: String(seq),
  eventName,
  eventSource: 'aws:dynamodb',
  dynamodb: {
    SequenceNumber: String(seq++),
    Keys: marshall({ pk: item.pk, sk: item.sk }) as never,
    NewImage: marshall(item) as never,
    StreamViewType: 'NEW_IMAGE',
  },
});
const outbox = (id: string, detailType: string, detail: unknown) =>
  record({
    pk: `$pawsitive#id_${id}`,
    sk: '$outbox_1',
    __edb_e__: 'outbox',
    id,
    detailType,
    detail: JSON.stringify(detail),
  });

describe('streams/publish-outbox', () => {
  const bus = mockClient(EventBridgeClient);
  const table = mockClient(DynamoDBDocumentClient);
  const saved = { bus: process.env.EVENT_BUS_NAME, table: process.env.TABLE_NAME };
  beforeAll(() => {
    process.env.EVENT_BUS_NAME = 'pawsitive-bus';
    process.env.TABLE_NAME ??= 'pawsitive-test';
  });
  afterAll(() => {
    process.env.EVENT_BUS_NAME = saved.bus;
    process.env.TABLE_NAME = saved.table;
    bus.restore();
    table.restore();
  });
  beforeEach(() => {
    bus.reset();
    table.reset();
    table.on(DeleteCommand).resolves({});
    vi.spyOn(logger, 'error').mockImplementation(() => {});
    vi.spyOn(logger, 'warn').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('publishes each outbox insert with its detail-type and detail (dedupe id: the item’s id), in order, and skips other records', async () => {
    bus.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e' }] });
    const res = await handler(
      {
        Records: [
          outbox('o1', 'ContactSubmitted', { submission: { id: 's1' } }),
          record({ pk: 'x', sk: 'y', __edb_e__: 'contactSubmission', id: 's1' }),
          record({ pk: 'x', sk: 'y', __edb_e__: 'outbox', id: 'o0' }, 'REMOVE'),
          outbox('o2', 'ContactSubmissionsChanged', { ids: ['s1'] }),
        ],
      },
      lambdaContext('streams/publish-outbox'),
    );
    expect(res).toEqual({ batchItemFailures: [] });
    const entries = bus.commandCalls(PutEventsCommand).map((c) => c.args[0].input.Entries?.[0]);
    expect(entries).toEqual([
      {
        EventBusName: 'pawsitive-bus',
        Source: EVENT_SOURCE,
        DetailType: 'ContactSubmitted',
        Detail: JSON.stringify({ submission: { id: 's1' }, dedupeId: 'o1' }),
      },
      {
        EventBusName: 'pawsitive-bus',
        Source: EVENT_SOURCE,
        DetailType: 'ContactSubmissionsChanged',
        Detail: JSON.stringify({ ids: ['s1'], dedupeId: 'o2' }),
      },
    ]);
  });

  it('hands back the first record the bus refused (and stops there), so the mapping retries from it', async () => {
    bus
      .on(PutEventsCommand)
      .resolvesOnce({ FailedEntryCount: 0, Entries: [{ EventId: 'e' }] })
      .resolves({ FailedEntryCount: 1, Entries: [{ ErrorCode: 'InternalFailure', ErrorMessage: 'try again' }] });
    const first = outbox('a', 'ContactSubmitted', { submission: { id: 'a' } });
    const second = outbox('b', 'ContactSubmitted', { submission: { id: 'b' } });
    const third = outbox('c', 'ContactSubmitted', { submission: { id: 'c' } });
    const res = await handler({ Records: [first, second, third] }, lambdaContext('streams/publish-outbox'));
    expect(res).toEqual({ batchItemFailures: [{ itemIdentifier: second.dynamodb?.SequenceNumber }] });
    expect(bus.commandCalls(PutEventsCommand)).toHaveLength(2);
    // Only the published item is removed; the refused one stays for the retry.
    expect(table.commandCalls(DeleteCommand).map((c) => c.args[0].input.Key?.pk)).toEqual(['$pawsitive#id_a']);
  });

  it('removes each published item, and a failed removal neither fails the batch nor publishes again', async () => {
    bus.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e' }] });
    table.on(DeleteCommand).rejectsOnce(new Error('throttled')).resolves({});
    const res = await handler(
      { Records: [outbox('r1', 'MessagesChanged', {}), outbox('r2', 'MessagesChanged', {})] },
      lambdaContext('streams/publish-outbox'),
    );
    expect(res).toEqual({ batchItemFailures: [] });
    expect(bus.commandCalls(PutEventsCommand)).toHaveLength(2);
    expect(table.commandCalls(DeleteCommand).map((c) => c.args[0].input.Key?.pk)).toEqual([
      '$pawsitive#id_r1',
      '$pawsitive#id_r2',
    ]);
    expect(logger.error).toHaveBeenCalledTimes(1);
  });

  it('skips a malformed outbox item (unknown detail-type, detail not an object) instead of blocking the shard', async () => {
    bus.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e' }] });
    const res = await handler(
      {
        Records: [
          outbox('bad', 'NoSuchEvent', {}),
          outbox('list', 'MessagesChanged', ['x']),
          outbox('ok', 'MessagesChanged', {}),
        ],
      },
      lambdaContext('streams/publish-outbox'),
    );
    expect(res).toEqual({ batchItemFailures: [] });
    expect(bus.commandCalls(PutEventsCommand).map((c) => c.args[0].input.Entries?.[0]?.DetailType)).toEqual([
      'MessagesChanged',
    ]);
    expect(logger.warn).not.toHaveBeenCalled();
    expect(logger.error).toHaveBeenCalledTimes(2);
  });

  it('publishes an item again with the same dedupe id (a retried batch is the same event to the handlers)', async () => {
    bus.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e' }] });
    const item = outbox('same', 'ContactSubmitted', { submission: { id: 's' } });
    await handler({ Records: [item] }, lambdaContext('streams/publish-outbox'));
    await handler({ Records: [item] }, lambdaContext('streams/publish-outbox'));
    const details = bus
      .commandCalls(PutEventsCommand)
      .map((c) => JSON.parse(c.args[0].input.Entries?.[0]?.Detail ?? ''));
    expect(details).toEqual([
      { submission: { id: 's' }, dedupeId: 'same' },
      { submission: { id: 's' }, dedupeId: 'same' },
    ]);
  });

  it('refuses to write an outbox item whose detail sets the dedupe id itself', () => {
    expect(() => outboxItem({} as never, 'MessagesChanged', { dedupeId: 'mine' })).toThrow(/dedupeId/);
  });
});
