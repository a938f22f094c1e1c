import { randomUUID } from 'node:crypto';
import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import { readEnv } from '../config/env.js';
import { EVENT_SOURCE, type EventName } from '../routes.js';
import * as z from '../zod.js';
import { DEDUPE_ID } from './dedupe.js';

/**
 * Publishes a domain event. In the cloud it goes to the EventBridge bus; locally the runtime installs
 * a transport (infra/local/event-bus.ts) that delivers the same envelope to the same handlers.
 */
export type EventTransport = (name: EventName, detail: unknown) => Promise<void>;

let transport: EventTransport | undefined;

/** Installs a transport (undefined: EventBridge); returns the one it replaces. */
export function setEventTransport(t: EventTransport | undefined): EventTransport | undefined {
  const previous = transport;
  transport = t;
  return previous;
}

let client: EventBridgeClient | undefined;

export { DEDUPE_ID } from './dedupe.js';

/**
 * Publishes `name` with `detail` (an object) plus `dedupeId`: the caller's stable id of the fact (the
 * outbox item's id), else a new one, generated once here so that any retry of this call's request
 * carries the same one.
 */
export async function publishEvent(name: EventName, detail: object, opts: { dedupeId?: string } = {}): Promise<void> {
  if (typeof detail !== 'object' || detail === null || Array.isArray(detail) || DEDUPE_ID in detail) {
    throw new Error(`Event ${name} needs an object detail without a "${DEDUPE_ID}" field`);
  }
  const stamped = { ...detail, [DEDUPE_ID]: opts.dedupeId ?? randomUUID() };
  if (transport) return transport(name, stamped);
  const env = readEnv({
    EVENT_BUS_NAME: z.string().check(z.minLength(1)),
    AWS_REGION: z._default(z.string(), 'us-east-1'),
  });
  client ??= new EventBridgeClient({ region: env.AWS_REGION });
  const res = await client.send(
    new PutEventsCommand({
      Entries: [
        { EventBusName: env.EVENT_BUS_NAME, Source: EVENT_SOURCE, DetailType: name, Detail: JSON.stringify(stamped) },
      ],
    }),
  );
  if (res.FailedEntryCount) throw new Error(`Event ${name} was not accepted: ${res.Entries?.[0]?.ErrorMessage}`);
}

/** The EventBridge envelope handlers receive (only the fields we use). */
export interface BusEvent<T> {
  /**
   * Unique per published event and kept on every redelivery; the handlers' idempotency key when the
   * detail has no `dedupeId` (a new id for each publication of the same fact: see DEDUPE_ID).
   */
  id: string;
  'detail-type': string;
  source: string;
  detail: T;
}
