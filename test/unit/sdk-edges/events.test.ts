import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { describe, expect, it } from 'vitest';
import { publishEvent, setEventTransport } from '../../../shared/adapters/events.js';
import { EVENT_SOURCE } from '../../../shared/routes.js';
import { awsStandIn, json, jsonError, KEYS, KEYS_ENV } from './aws-stand-in.js';
import { useEnv } from './env.js';

type Entry = { EventBusName?: string; Source?: string; DetailType?: string; Detail?: string };
const entriesOf = (input: Record<string, unknown>) => input.Entries as Entry[];

/** The cloud edge of publishEvent: one PutEvents entry on the app's bus, failures surfaced. */
describe('publishing a domain event to EventBridge', () => {
  useEnv({
    ...KEYS_ENV,
    EVENT_BUS_NAME: 'pawsitive-bus',
  });
  const bus = awsStandIn('events', { env: ['AWS_ENDPOINT_URL_EVENTBRIDGE'] });
  const accepted = json({ FailedEntryCount: 0, Entries: [{ EventId: 'e-1' }] });

  it('puts one entry on the bus: source, detail-type, bus name and the detail as JSON, signed for events', async () => {
    setEventTransport(undefined);
    bus.on('PutEvents', accepted);
    const detail = { submissionId: 's-1', firstName: 'Zoë', dog: { name: 'Rex', age: 3 }, tags: ['a', 'b'] };
    await publishEvent('ContactSubmitted', detail);

    expect(bus.received).toHaveLength(1);
    const [request] = bus.received;
    expect(request.signed).toBe(true);
    expect(request.headers['content-type']).toBe('application/x-amz-json-1.1');
    expect(request.signedHeaders).toEqual(expect.arrayContaining(['host', 'x-amz-date', 'x-amz-target']));
    const entries = entriesOf(request.input);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      EventBusName: 'pawsitive-bus',
      Source: EVENT_SOURCE,
      DetailType: 'ContactSubmitted',
    });
    expect(JSON.parse(entries[0].Detail ?? '')).toEqual({ ...detail, dedupeId: expect.any(String) });
  });

  it('the stand-in tells a request signed with other keys from a good one (its check can fail)', async () => {
    setEventTransport(undefined);
    bus.on('PutEvents', accepted);
    const secret = process.env.AWS_SECRET_ACCESS_KEY;
    process.env.AWS_SECRET_ACCESS_KEY = 'another-secret';
    try {
      await publishEvent('MessagesChanged', {});
    } finally {
      process.env.AWS_SECRET_ACCESS_KEY = secret;
    }
    await publishEvent('MessagesChanged', {});
    expect(bus.received.map((r) => r.signed)).toEqual([false, true]);
  });

  it('sends what the SDK client sends for the same entry (operation, path, content type, body)', async () => {
    setEventTransport(undefined);
    bus.on('PutEvents', accepted);
    await publishEvent('MessagesChanged', {}, { dedupeId: 'd-1' });
    const sdk = new EventBridgeClient({
      region: 'us-east-1',
      endpoint: bus.url,
      credentials: KEYS,
    });
    await sdk.send(new PutEventsCommand({ Entries: entriesOf(bus.received[0].input) }));
    const [ours, theirs] = bus.received;
    expect(theirs.signed).toBe(true);
    expect(ours.operation).toBe('PutEvents');
    expect({ method: ours.method, path: ours.path, input: ours.input, type: ours.headers['content-type'] }).toEqual({
      method: theirs.method,
      path: theirs.path,
      input: theirs.input,
      type: theirs.headers['content-type'],
    });
    expect(ours.headers['x-amz-target']).toBe(theirs.headers['x-amz-target']);
  });

  it('stamps the detail with a dedupe id: the one given (an outbox item’s), else a new one per publication', async () => {
    setEventTransport(undefined);
    bus.on('PutEvents', accepted);
    await publishEvent('ContactSubmitted', { n: 1 }, { dedupeId: 'outbox-1' });
    await publishEvent('ContactSubmitted', { n: 1 }, { dedupeId: 'outbox-1' });
    await publishEvent('MessagesChanged', {});
    await publishEvent('MessagesChanged', {});
    const ids = bus.calls('PutEvents').map((input) => JSON.parse(entriesOf(input)[0].Detail ?? '').dedupeId as string);
    expect(ids.slice(0, 2)).toEqual(['outbox-1', 'outbox-1']);
    expect(ids[2]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[3]).toMatch(/^[0-9a-f-]{36}$/);
    expect(ids[2]).not.toBe(ids[3]);
  });

  it('refuses a detail that is not an object or sets the dedupe id itself', async () => {
    setEventTransport(undefined);
    await expect(publishEvent('MessagesChanged', { dedupeId: 'mine' })).rejects.toThrow(/dedupeId/);
    await expect(publishEvent('MessagesChanged', [] as never)).rejects.toThrow(/object detail/);
    expect(bus.received).toHaveLength(0);
  });

  it('a rejected entry (FailedEntryCount > 0) is an error naming the event and the reason', async () => {
    setEventTransport(undefined);
    bus.on(
      'PutEvents',
      json({
        FailedEntryCount: 1,
        Entries: [{ ErrorCode: 'InternalFailure', ErrorMessage: 'Service is unavailable' }],
      }),
    );
    await expect(publishEvent('MessageDelivered', { messageId: 'm-1' })).rejects.toThrow(
      'Event MessageDelivered was not accepted: Service is unavailable',
    );
  });

  it('throttling is tried again; one that lasts is passed on with its code, not swallowed', async () => {
    setEventTransport(undefined);
    bus.on('PutEvents', jsonError('ThrottlingException', 'Rate exceeded'), accepted);
    await publishEvent('SessionsChanged', {});
    expect(bus.calls('PutEvents')).toHaveLength(2);

    bus.reset();
    bus.on('PutEvents', jsonError('ThrottlingException', 'Rate exceeded'));
    await expect(publishEvent('SessionsChanged', {})).rejects.toMatchObject({
      name: 'ThrottlingException',
      message: 'Rate exceeded',
    });
    expect(bus.calls('PutEvents')).toHaveLength(3);
  });

  it('a refusal (4xx) is not tried again', async () => {
    setEventTransport(undefined);
    bus.on('PutEvents', jsonError('com.amazon.coral.service#AccessDeniedException', 'not allowed', 403));
    await expect(publishEvent('SessionsChanged', {})).rejects.toMatchObject({ name: 'AccessDeniedException' });
    expect(bus.calls('PutEvents')).toHaveLength(1);
  });

  it('locally the installed transport gets the event and EventBridge is not called', async () => {
    const seen: unknown[] = [];
    setEventTransport(async (name, detail) => void seen.push({ name, detail }));
    await publishEvent('MessageRead', { messageId: 'm-2' });
    setEventTransport(undefined);
    expect(seen).toEqual([{ name: 'MessageRead', detail: { messageId: 'm-2', dedupeId: expect.any(String) } }]);
    expect(bus.received).toHaveLength(0);
  });
});

describe('publishing without a bus configured', () => {
  useEnv({ EVENT_BUS_NAME: undefined });

  it('fails with the missing setting before calling EventBridge', async () => {
    setEventTransport(undefined);
    await expect(publishEvent('ContactSubmitted', {})).rejects.toThrow(/EVENT_BUS_NAME/);
  });
});
