import { EventBridgeClient, PutEventsCommand } from '@aws-sdk/client-eventbridge';
import * as z from 'zod';
import { readEnv } from '../config/env.js';
import { EVENT_SOURCE, type EventName } from '../routes.js';

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

export async function publishEvent(name: EventName, detail: unknown): Promise<void> {
  if (transport) return transport(name, detail);
  const env = readEnv({ EVENT_BUS_NAME: z.string().min(1), AWS_REGION: z.string().default('us-east-1') });
  client ??= new EventBridgeClient({ region: env.AWS_REGION });
  const res = await client.send(
    new PutEventsCommand({
      Entries: [
        { EventBusName: env.EVENT_BUS_NAME, Source: EVENT_SOURCE, DetailType: name, Detail: JSON.stringify(detail) },
      ],
    }),
  );
  if (res.FailedEntryCount) throw new Error(`Event ${name} was not accepted: ${res.Entries?.[0]?.ErrorMessage}`);
}

/** The EventBridge envelope handlers receive (only the fields we use). */
export interface BusEvent<T> {
  /** Unique per published event and kept on every redelivery (the idempotency key of the handlers). */
  id: string;
  'detail-type': string;
  source: string;
  detail: T;
}
