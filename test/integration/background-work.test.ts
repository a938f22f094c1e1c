import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateTableCommand, DeleteTableCommand, DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { afterEach, describe, expect, it } from 'vitest';
import { handler as emailContactSubmission } from '../../functions/events/email-contact-submission.js';
import { IDEMPOTENCY_TTL_SECONDS, idempotencyPartition } from '../../functions/lib/idempotency.js';
import { handler as publishOutbox } from '../../functions/streams/publish-outbox.js';
import { ensureTable } from '../../infra/local/dynamodb.js';
import { type Invoke, lambdaContext } from '../../infra/local/handlers.js';
import { createStreamPoller } from '../../infra/local/stream-poller.js';
import { type BusEvent, setEventTransport } from '../../shared/adapters/events.js';
import type { ContactSubmission } from '../../shared/contracts/contact.js';
import { db } from '../../shared/db/client.js';
import { writeTransaction } from '../../shared/db/service.js';
import { createTableInput, TTL_ATTRIBUTE } from '../../shared/db/table.js';
import { createContactSubmission } from '../../shared/domain/contact-submissions.js';
import { COUNTERS, counterDelta } from '../../shared/domain/counters.js';
import { outboxEntryOf, outboxItem } from '../../shared/domain/outbox.js';
import { api, busIdle, sesStore, waitFor } from '../support/api.js';

/**
 * No lost and no doubled background work (docs/decisions/0019-background-work.md): event handlers are
 * idempotent per event id, and the contact submission's event is written in the submission's own
 * transaction and published from the table's stream.
 */

const HANDLER = 'events/email-contact-submission';

const submissionFor = (dogName: string): ContactSubmission => ({
  id: randomUUID(),
  firstName: 'Ida',
  lastName: 'Empotent',
  email: `ida-${randomUUID().slice(0, 8)}@example.com`,
  phone: '941-555-0190',
  dogName,
  dogBreed: 'Whippet',
  dogSex: 'female',
  dogBirthDate: '2023-04-01',
  program: 'puppyFoundations',
  message: 'Please call in the afternoon.',
  status: 'new',
  convertedToClient: false,
  createdAt: new Date().toISOString(),
});

const envelope = (submission: ContactSubmission): BusEvent<{ submission: ContactSubmission }> => ({
  id: randomUUID(),
  'detail-type': 'ContactSubmitted',
  source: 'pawsitive.portal',
  detail: { submission },
});

const mailsAbout = async (dogName: string) => (await sesStore()).filter((m) => m.subject.includes(`(${dogName})`));
const deliver = (event: BusEvent<{ submission: ContactSubmission }>) =>
  emailContactSubmission(event, lambdaContext(HANDLER));

describe('idempotent event handlers', () => {
  const fromEmail = process.env.FROM_EMAIL;
  afterEach(() => {
    process.env.FROM_EMAIL = fromEmail;
  });

  it('sends one e-mail when the same event is delivered twice, and one per distinct event', async () => {
    const dogName = `Twice-${randomUUID().slice(0, 8)}`;
    const event = envelope(submissionFor(dogName));
    await deliver(event);
    await deliver(structuredClone(event));
    expect(await mailsAbout(dogName)).toHaveLength(1);

    // The record that made it so: per handler and event id (Powertools hashes the id), completed,
    // expiring through the table's TTL attribute after a day.
    const hashed = createHash('md5').update(JSON.stringify(event.id)).digest('base64');
    const { Item } = await db().doc.send(
      new GetCommand({
        TableName: db().tableName,
        Key: { pk: idempotencyPartition(HANDLER), sk: `${HANDLER}#${hashed}` },
      }),
    );
    expect(Item?.status).toBe('COMPLETED');
    expect(Item?.[TTL_ATTRIBUTE]).toBeGreaterThan(Date.now() / 1000 + IDEMPOTENCY_TTL_SECONDS - 600);

    // Another event (a new id) about the same submission is new work.
    await deliver({ ...event, id: randomUUID() });
    expect(await mailsAbout(dogName)).toHaveLength(2);
  });

  it('sends one e-mail for two publications of one outbox item (two EventBridge ids, one dedupe id)', async () => {
    const dogName = `Republished-${randomUUID().slice(0, 8)}`;
    const event = envelope(submissionFor(dogName));
    const outboxId = randomUUID();
    await deliver({ ...event, detail: { ...event.detail, dedupeId: outboxId } } as typeof event);
    await deliver({ ...event, id: randomUUID(), detail: { ...event.detail, dedupeId: outboxId } } as typeof event);
    expect(await mailsAbout(dogName)).toHaveLength(1);
    // Another outbox item about the same submission is new work.
    await deliver({ ...event, id: randomUUID(), detail: { ...event.detail, dedupeId: randomUUID() } } as typeof event);
    expect(await mailsAbout(dogName)).toHaveLength(2);
  });

  it('runs a redelivery again when the first delivery failed', async () => {
    const dogName = `Retry-${randomUUID().slice(0, 8)}`;
    const event = envelope(submissionFor(dogName));
    process.env.FROM_EMAIL = 'not-an-address';
    await expect(deliver(event)).rejects.toThrow(/FROM_EMAIL/);
    process.env.FROM_EMAIL = fromEmail;
    expect(await mailsAbout(dogName)).toHaveLength(0);
    await deliver(structuredClone(event));
    await deliver(structuredClone(event));
    expect(await mailsAbout(dogName)).toHaveLength(1);
  });
});

describe('transactional outbox', () => {
  it('publishes a submission’s event from the table stream, not from the request', async () => {
    // This worker publishes nothing itself: whatever arrives came from the runtime's stream poller.
    const published: string[] = [];
    const forward = setEventTransport(async (name) => {
      published.push(name);
    });
    try {
      const dogName = `Outbox-${randomUUID().slice(0, 8)}`;
      await createContactSubmission(submissionFor(dogName));
      const mail = await waitFor(async () => (await mailsAbout(dogName))[0]);
      expect(mail.body.text).toContain(dogName);
      expect(published).toEqual([]);
      await busIdle();
      expect(await mailsAbout(dogName)).toHaveLength(1);
    } finally {
      setEventTransport(forward);
    }
  });

  it('sends one e-mail when the stream publisher publishes the same outbox record again', async () => {
    // The runtime's poller publishes the submission's outbox item once (the first e-mail); the same
    // stream record then goes through the stream function twice more, as a batch retried after its
    // PutEvents went out would. Each publication is a new event on the runtime's bus (a new
    // EventBridge id); the outbox item's id in the detail makes them one event to the handler.
    const dogName = `Replayed-${randomUUID().slice(0, 8)}`;
    const submission = await createContactSubmission(submissionFor(dogName));
    await waitFor(async () => (await mailsAbout(dogName)).length === 1);

    const dir = mkdtempSync(join(tmpdir(), 'stream-replay-'));
    const records: DynamoDBRecord[] = [];
    const reader = createStreamPoller({
      endpoint: process.env.DYNAMODB_ENDPOINT as string,
      tableName: db().tableName,
      dataDir: dir,
      invoke: async (_handler, event) => {
        for (const r of (event as DynamoDBStreamEvent).Records) {
          const detail = outboxEntryOf(r)?.detail as { submission?: { id?: string } } | undefined;
          if (detail?.submission?.id === submission.id) records.push(r);
        }
        return { batchItemFailures: [] };
      },
    });
    try {
      await reader.drain();
    } finally {
      await reader.stop();
      rmSync(dir, { recursive: true, force: true });
    }
    expect(records).toHaveLength(1);

    const context = lambdaContext('streams/publish-outbox');
    expect(await publishOutbox({ Records: records }, context)).toEqual({ batchItemFailures: [] });
    expect(await publishOutbox({ Records: records }, context)).toEqual({ batchItemFailures: [] });
    await busIdle();
    expect(await mailsAbout(dogName)).toHaveLength(1);

    // The replays did reach the handler: the same record under another outbox id is sent.
    const [record] = records;
    const renamed = {
      ...record,
      dynamodb: { ...record.dynamodb, NewImage: { ...record.dynamodb?.NewImage, id: { S: randomUUID() } } },
    };
    await publishOutbox({ Records: [renamed] }, context);
    await busIdle();
    expect(await mailsAbout(dogName)).toHaveLength(2);
  });

  it('sends the e-mail for a request made through the API', async () => {
    const dogName = `Api-${randomUUID().slice(0, 8)}`;
    const { id: _id, status: _s, convertedToClient: _c, createdAt: _t, ...body } = submissionFor(dogName);
    const res = await api('POST', '/api/public/contact', {
      body,
      headers: { 'x-viewer-ip': `198.51.100.${Math.floor(Math.random() * 250) + 1}` },
    });
    expect(res.status).toBe(201);
    const mail = await waitFor(async () => (await mailsAbout(dogName))[0]);
    expect(mail.replyTo).toEqual([body.email]);
  });

  it('publishes nothing when the transaction is cancelled', async () => {
    const existing = await createContactSubmission(submissionFor(`Existing-${randomUUID().slice(0, 8)}`));
    const dogName = `Cancelled-${randomUUID().slice(0, 8)}`;
    const { canceled } = await writeTransaction((e) => [
      // Creating a submission whose id exists fails its condition: the whole transaction is cancelled.
      e.contactSubmission.create({ ...submissionFor(dogName), id: existing.id }).commit(),
      outboxItem(e, 'ContactSubmitted', { submission: { ...submissionFor(dogName), id: existing.id } }),
    ]);
    expect(canceled).toBe(true);
    // The same items in a transaction that commits do publish (the check above can fail).
    const control = `Committed-${randomUUID().slice(0, 8)}`;
    const committed = submissionFor(control);
    // With its status counter, as every submission write has: the suite's other files count on it.
    const ok = await writeTransaction((e) => [
      e.contactSubmission.create(committed).commit(),
      counterDelta(e, COUNTERS.contactStatus(committed.status), 1),
      outboxItem(e, 'ContactSubmitted', { submission: committed }),
    ]);
    expect(ok.canceled).toBe(false);
    await waitFor(async () => (await mailsAbout(control)).length === 1);
    await busIdle();
    expect(await mailsAbout(dogName)).toHaveLength(0);
  });
});

describe('local stream poller', () => {
  it('hands each outbox insert over once, retries a failed delivery, and resumes where it stopped', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stream-poller-'));
    const fresh = mkdtempSync(join(tmpdir(), 'stream-poller-'));
    const run = randomUUID();
    const seen: string[] = [];
    let failOnce = `${run}-b`;
    const invoke: Invoke = async (handler, event) => {
      expect(handler).toBe('streams/publish-outbox');
      const markers = (event as DynamoDBStreamEvent).Records.map(
        (r) => (outboxEntryOf(r)?.detail as { marker?: string } | undefined)?.marker ?? '',
      );
      if (failOnce && markers.includes(failOnce)) {
        failOnce = '';
        throw new Error('handler failed once');
      }
      seen.push(...markers.filter((m) => m.startsWith(run)));
      return { batchItemFailures: [] };
    };
    const poller = (dataDir: string) =>
      createStreamPoller({
        endpoint: process.env.DYNAMODB_ENDPOINT as string,
        tableName: db().tableName,
        dataDir,
        invoke,
        retryDelaysMs: [10],
      });
    const write = (marker: string) =>
      writeTransaction((e) => [outboxItem(e, 'MessagesChanged', { marker: `${run}-${marker}` })]);
    try {
      const first = poller(dir);
      await write('a');
      await first.drain();
      await write('b');
      await first.drain();
      expect(seen).toEqual([`${run}-a`, `${run}-b`]);
      expect(failOnce).toBe(''); // b failed once and was delivered on the retry
      await first.stop();

      const restarted = poller(dir);
      await write('c');
      await restarted.drain();
      await restarted.stop();
      expect(seen).toEqual([`${run}-a`, `${run}-b`, `${run}-c`]);

      // Without the saved position the stream is read from its start again.
      const noCheckpoint = poller(fresh);
      await noCheckpoint.drain();
      await noCheckpoint.stop();
      expect(seen.slice(3)).toEqual([`${run}-a`, `${run}-b`, `${run}-c`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      rmSync(fresh, { recursive: true, force: true });
    }
  });
});

describe('local table stream', () => {
  it('is turned on for a table created before the stream was declared', async () => {
    const endpoint = process.env.DYNAMODB_ENDPOINT as string;
    const name = `legacy-${randomUUID().slice(0, 8)}`;
    const client = new DynamoDBClient({
      region: 'us-east-1',
      endpoint,
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    try {
      const { StreamSpecification: _stream, ...withoutStream } = createTableInput(name);
      await client.send(new CreateTableCommand(withoutStream));
      const before = await client.send(new DescribeTableCommand({ TableName: name }));
      expect(before.Table?.StreamSpecification?.StreamEnabled).not.toBe(true);
      expect(await ensureTable(endpoint, name)).toBe('exists');
      const after = await client.send(new DescribeTableCommand({ TableName: name }));
      expect(after.Table?.StreamSpecification).toEqual({ StreamEnabled: true, StreamViewType: 'NEW_IMAGE' });
      expect(after.Table?.LatestStreamArn).toBeTruthy();
    } finally {
      await client.send(new DeleteTableCommand({ TableName: name })).catch(() => {});
      client.destroy();
    }
  });
});
