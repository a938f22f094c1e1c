import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { mockClient } from 'aws-sdk-client-mock';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { publishEvent, setEventTransport } from '../../../shared/adapters/events.js';
import { EVENT_SOURCE } from '../../../shared/routes.js';
import { useEnv } from './env.js';

const bus = mockClient(EventBridgeClient);
beforeEach(() => bus.reset());
afterAll(() => bus.restore());

/** The cloud edge of publishEvent: one PutEvents entry on the app's bus, failures surfaced. */
describe('publishing a domain event to EventBridge', () => {
  useEnv({ EVENT_BUS_NAME: 'pawsitive-bus', AWS_REGION: 'us-east-1' });
  beforeEach(() => {
    setEventTransport(undefined);
  });

  it('puts one entry on the bus: source, detail-type, bus name and the detail as JSON', async () => {
    bus.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e-1' }] });
    const detail = { submissionId: 's-1', firstName: 'Zoë', dog: { name: 'Rex', age: 3 }, tags: ['a', 'b'] };
    await publishEvent('ContactSubmitted', detail);

    const calls = bus.commandCalls(PutEventsCommand);
    expect(calls).toHaveLength(1);
    const entries = calls[0].args[0].input.Entries ?? [];
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      EventBusName: 'pawsitive-bus',
      Source: EVENT_SOURCE,
      DetailType: 'ContactSubmitted',
    });
    expect(JSON.parse(entries[0].Detail ?? '')).toEqual({ ...detail, dedupeId: expect.any(String) });
  });

  it('stamps the detail with a dedupe id: the one given (an outbox item’s), else a new one per publication', async () => {
    bus.on(PutEventsCommand).resolves({ FailedEntryCount: 0, Entries: [{ EventId: 'e-1' }] });
    await publishEvent('ContactSubmitted', { n: 1 }, { dedupeId: 'outbox-1' });
    await publishEvent('ContactSubmitted', { n: 1 }, { dedupeId: 'outbox-1' });
    await publishEvent('MessagesChanged', {});
    await publishEvent('MessagesChanged', {});
    const ids = bus
      .commandCalls(PutEventsCommand)
      .map((c) => JSON.parse(c.args[0].input.Entries?.[0]?.Detail ?? '').dedupeId as string);
    expect(ids.slice(0, 2)).toEqual(['outbox-1', 'outbox-1']);
    expect(ids[2]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[3]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[2]).not.toBe(ids[3]);
  });

  it('refuses a detail that is not an object or sets the dedupe id itself', async () => {
    await expect(publishEvent('MessagesChanged', { dedupeId: 'mine' })).rejects.toThrow(/dedupeId/);
    await expect(publishEvent('MessagesChanged', [] as never)).rejects.toThrow(/object detail/);
    expect(bus.calls()).toHaveLength(0);
  });

  it('a rejected entry (FailedEntryCount > 0) is an error naming the event and the reason', async () => {
    bus.on(PutEventsCommand).resolves({
      FailedEntryCount: 1,
      Entries: [{ ErrorCode: 'InternalFailure', ErrorMessage: 'Service is unavailable' }],
    });
    await expect(publishEvent('MessageDelivered', { messageId: 'm-1' })).rejects.toThrow(
      'Event MessageDelivered was not accepted: Service is unavailable',
    );
  });

  it('an SDK failure (e.g. throttling) is passed on, not swallowed', async () => {
    bus.on(PutEventsCommand).rejects(Object.assign(new Error('Rate exceeded'), { name: 'ThrottlingException' }));
    await expect(publishEvent('SessionsChanged', {})).rejects.toThrow('Rate exceeded');
  });

  it('locally the installed transport gets the event and EventBridge is not called', async () => {
    const seen: unknown[] = [];
    setEventTransport(async (name, detail) => void seen.push({ name, detail }));
    await publishEvent('MessageRead', { messageId: 'm-2' });
    expect(seen).toEqual([{ name: 'MessageRead', detail: { messageId: 'm-2', dedupeId: expect.any(String) } }]);
    expect(bus.calls()).toHaveLength(0);
  });
});

describe('publishing without a bus configured', () => {
  useEnv({ EVENT_BUS_NAME: undefined });

  it('fails with the missing setting before calling EventBridge', async () => {
    setEventTransport(undefined);
    await expect(publishEvent('ContactSubmitted', {})).rejects.toThrow(/EVENT_BUS_NAME/);
    expect(bus.calls()).toHaveLength(0);
  });
});
