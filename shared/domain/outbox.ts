import { randomUUID } from 'node:crypto';
import { DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { DEDUPE_ID } from '../adapters/events.js';
import { db } from '../db/client.js';
import type { TxEntities } from '../db/service.js';
import { type EventName, events, streams } from '../routes.js';

/**
 * The transactional outbox (docs/decisions/0019-background-work.md): an event that must not be lost
 * or published for a change that did not happen is written as an `outbox` item in the change's own
 * transaction, and published from the table's stream.
 */

/**
 * How long an outbox item may stay: the publisher removes it once published (its detail names people
 * by id, and nothing of a deleted client may stay), so TTL only clears one whose removal failed.
 */
const OUTBOX_TTL_SECONDS = 7 * 24 * 60 * 60;

/** EventBridge's limit for one entry; the item must be publishable. */
const MAX_DETAIL_BYTES = 256 * 1024;

/**
 * The transaction item that publishes `name` with `detail` once the transaction commits. The item's
 * id is the published event's `dedupeId` (shared/adapters/events.ts): every publication of this item
 * is one fact to the event handlers.
 */
export function outboxItem(e: TxEntities, name: EventName, detail: object) {
  if (DEDUPE_ID in detail) throw new Error(`Event ${name} must not set "${DEDUPE_ID}" itself`);
  const id = randomUUID();
  const json = JSON.stringify(detail);
  if (Buffer.byteLength(JSON.stringify({ ...detail, [DEDUPE_ID]: id })) > MAX_DETAIL_BYTES) {
    throw new Error(`Event ${name} is larger than 256 KB`);
  }
  return e.outbox
    .create({
      id,
      detailType: name,
      detail: json,
      expiresAt: Math.floor(Date.now() / 1000) + OUTBOX_TTL_SECONDS,
    })
    .commit();
}

interface OutboxEntry {
  /** The outbox item's id: the dedupe id of every publication of the event. */
  id: string;
  /** The item's table key, as the stream record gives it (what removing it needs). */
  key: Record<string, unknown>;
  name: EventName;
  detail: object;
}

/** ElectroDB's entity-name attribute on every item (what the stream filter matches). */
export const ENTITY_ATTRIBUTE = '__edb_e__';

/**
 * Whether a stream record is an insert of `entity` (the filter the cloud's event source mapping
 * applies, infra/cloud/outbox.ts; the local poller applies it in code).
 */
export function isEntityInsert(record: Pick<DynamoDBRecord, 'eventName' | 'dynamodb'>, entity: string): boolean {
  return record.eventName === 'INSERT' && record.dynamodb?.NewImage?.[ENTITY_ATTRIBUTE]?.S === entity;
}

/** The event an outbox insert carries; undefined for any other record. Throws for a malformed item. */
export function outboxEntryOf(record: Pick<DynamoDBRecord, 'eventName' | 'dynamodb'>): OutboxEntry | undefined {
  if (!isEntityInsert(record, streams.outbox.entity)) return undefined;
  const item = unmarshall(record.dynamodb?.NewImage as Parameters<typeof unmarshall>[0]) as {
    id?: string;
    detailType?: string;
    detail?: string;
  };
  if (!item.id || !item.detailType || !(item.detailType in events) || typeof item.detail !== 'string') {
    throw new Error(`Outbox item ${item.id ?? '(no id)'} is malformed (detail-type ${item.detailType})`);
  }
  const detail: unknown = JSON.parse(item.detail);
  if (typeof detail !== 'object' || detail === null || Array.isArray(detail) || DEDUPE_ID in detail) {
    throw new Error(`Outbox item ${item.id} is malformed (its detail is not an event detail)`);
  }
  const keys = record.dynamodb?.Keys;
  if (!keys) throw new Error(`Outbox item ${item.id} is malformed (its stream record has no keys)`);
  return {
    id: item.id,
    key: unmarshall(keys as Parameters<typeof unmarshall>[0]),
    name: item.detailType as EventName,
    detail,
  };
}

/**
 * Removes a published outbox item (its event is on the bus; the stream record has what a retry needs)
 * by the key its stream record carries: one DeleteItem through the document client, so the publisher's
 * bundle needs neither ElectroDB nor the entity models.
 */
export async function removeOutboxItem(entry: Pick<OutboxEntry, 'key'>): Promise<void> {
  const { doc, tableName } = db();
  await doc.send(new DeleteCommand({ TableName: tableName, Key: entry.key }));
}
