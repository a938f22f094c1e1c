import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  GetRecordsCommand,
  type GetRecordsCommandOutput,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse, DynamoDBRecord, DynamoDBStreamEvent } from 'aws-lambda';
import { isEntityInsert } from '../../shared/domain/outbox.js';
import { type StreamDef, streams } from '../../shared/routes.js';
import { type Invoke, LOCAL_REGION } from './handlers.js';

/**
 * The local stand-in for Lambda's DynamoDB stream event source mappings: polls DynamoDB Local's
 * stream for the single table, keeps the records each declaration of shared/routes.ts `streams`
 * asks for (inserts of one entity, the cloud's filter criteria) and invokes the same handler module
 * with a Lambda-shaped DynamoDBStreamEvent. Like the mapping, it goes on only past records the
 * handler took: reported batch item failures and errors are retried from the failed record (with a
 * back-off), and a record that keeps failing is logged and skipped (the cloud sends it to the
 * on-failure queue). The position per shard is saved in the data folder, so a restart neither loses
 * nor repeats records.
 */
export interface StreamPoller {
  start(): void;
  stop(): Promise<void>;
  /** Resolves once every record written before the call has been handled. */
  drain(): Promise<void>;
}

interface Checkpoints {
  streamArn?: string;
  /** Last handled sequence number per shard; `closed` once a shard is read to its end. */
  shards: Record<string, string>;
}

const CLOSED = 'closed';

export function createStreamPoller(opts: {
  endpoint: string;
  tableName: string;
  dataDir: string;
  invoke: Invoke;
  defs?: Record<string, StreamDef>;
  idleMs?: number;
  retryDelaysMs?: readonly number[];
  onError?: (message: string, error: unknown) => void;
}): StreamPoller {
  const defs = Object.values(opts.defs ?? streams);
  const idleMs = opts.idleMs ?? 200;
  const delays = opts.retryDelaysMs ?? [200, 1000];
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const ddb = new DynamoDBClient({ region: LOCAL_REGION, endpoint: opts.endpoint, credentials });
  const client = new DynamoDBStreamsClient({ region: LOCAL_REGION, endpoint: opts.endpoint, credentials });
  const file = join(opts.dataDir, 'stream-checkpoints.json');

  let saved: Checkpoints = { shards: {} };
  if (existsSync(file)) {
    try {
      saved = JSON.parse(readFileSync(file, 'utf8')) as Checkpoints;
    } catch (e) {
      opts.onError?.(`Unreadable ${file}; reading the stream from its start`, e);
    }
  }
  const save = () => {
    writeFileSync(`${file}.tmp`, JSON.stringify(saved));
    renameSync(`${file}.tmp`, file);
  };

  let streamArn: string | undefined;
  let shardIds: string[] = [];
  let describedAt = 0;
  const iterators = new Map<string, string>();

  async function describe() {
    if (!streamArn) {
      const { Table } = await ddb.send(new DescribeTableCommand({ TableName: opts.tableName }));
      streamArn = Table?.LatestStreamArn;
      if (!streamArn) throw new Error(`Table ${opts.tableName} has no stream`);
      if (saved.streamArn !== streamArn) saved = { streamArn, shards: {} };
    }
    const shards: string[] = [];
    let from: string | undefined;
    do {
      const res = await client.send(new DescribeStreamCommand({ StreamArn: streamArn, ExclusiveStartShardId: from }));
      for (const s of res.StreamDescription?.Shards ?? []) if (s.ShardId) shards.push(s.ShardId);
      from = res.StreamDescription?.LastEvaluatedShardId;
    } while (from);
    shardIds = shards;
    describedAt = Date.now();
  }

  async function iteratorFor(shardId: string): Promise<string | undefined> {
    const known = iterators.get(shardId);
    if (known) return known;
    const after = saved.shards[shardId];
    if (after === CLOSED) return undefined;
    const res = await client.send(
      new GetShardIteratorCommand({
        StreamArn: streamArn,
        ShardId: shardId,
        ...(after
          ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after }
          : { ShardIteratorType: 'TRIM_HORIZON' }),
      }),
    );
    return res.ShardIterator;
  }

  const toLambdaRecord = (r: StreamRecord): DynamoDBRecord => ({
    eventID: r.eventID,
    eventName: r.eventName,
    eventVersion: r.eventVersion,
    eventSource: 'aws:dynamodb',
    awsRegion: LOCAL_REGION,
    eventSourceARN: streamArn,
    dynamodb: {
      ...(r.dynamodb as DynamoDBRecord['dynamodb']),
      ApproximateCreationDateTime: r.dynamodb?.ApproximateCreationDateTime
        ? Math.floor(r.dynamodb.ApproximateCreationDateTime.getTime() / 1000)
        : undefined,
    },
  });

  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /** Delivers `records` to `def`'s handler; returns the records it failed, retried until it takes them. */
  async function deliver(def: StreamDef, records: DynamoDBRecord[]) {
    let pending = records;
    for (let attempt = 0; pending.length; attempt++) {
      let failedFrom: number;
      try {
        const event: DynamoDBStreamEvent = { Records: pending };
        const res = (await opts.invoke(def.handler, event)) as DynamoDBBatchResponse | undefined;
        const failed = new Set((res?.batchItemFailures ?? []).map((f) => f.itemIdentifier));
        failedFrom = pending.findIndex((r) => failed.has(r.dynamodb?.SequenceNumber ?? ''));
        if (failedFrom < 0) return;
        if (attempt >= delays.length) throw new Error(`${pending.length - failedFrom} record(s) reported failed`);
      } catch (e) {
        if (attempt >= delays.length) {
          opts.onError?.(`Stream -> ${def.handler} failed after ${attempt + 1} attempts; records skipped`, e);
          return;
        }
        opts.onError?.(`Stream -> ${def.handler} failed (attempt ${attempt + 1}), retrying`, e);
        failedFrom = 0;
      }
      pending = pending.slice(failedFrom);
      await sleep(delays[attempt]);
    }
  }

  /** Reads each shard once; returns how many records came. */
  async function cycle(): Promise<number> {
    if (!streamArn || Date.now() - describedAt > 2000) await describe();
    let count = 0;
    for (const shardId of shardIds) {
      let iterator = await iteratorFor(shardId);
      if (!iterator) continue;
      let res: GetRecordsCommandOutput;
      try {
        res = await client.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 100 }));
      } catch (e) {
        const name = (e as Error).name;
        if (name === 'ExpiredIteratorException' || name === 'TrimmedDataAccessException') {
          iterators.delete(shardId);
          if (name === 'TrimmedDataAccessException') delete saved.shards[shardId];
          continue;
        }
        throw e;
      }
      const records = res.Records ?? [];
      count += records.length;
      if (records.length) {
        const lambdaRecords = records.map(toLambdaRecord);
        for (const def of defs) {
          const mine = lambdaRecords.filter((r) => isEntityInsert(r, def.entity));
          if (mine.length) await deliver(def, mine);
        }
        const last = records.at(-1)?.dynamodb?.SequenceNumber;
        if (last) saved.shards[shardId] = last;
      }
      iterator = res.NextShardIterator;
      if (iterator) iterators.set(shardId, iterator);
      else {
        iterators.delete(shardId);
        saved.shards[shardId] = CLOSED;
      }
      if (records.length || !iterator) save();
    }
    return count;
  }

  // One cycle at a time: the timer loop and drain() share this chain.
  let chain: Promise<unknown> = Promise.resolve();
  const runCycle = () => {
    const p = chain.then(cycle);
    chain = p.catch(() => {});
    return p;
  };

  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let loop: Promise<void> | undefined;
  const schedule = (ms: number) => {
    if (!running) return;
    timer = setTimeout(() => {
      loop = runCycle().then(
        (n) => schedule(n > 0 ? 0 : idleMs),
        (e) => {
          opts.onError?.('Reading the table stream failed', e);
          schedule(idleMs * 5);
        },
      );
    }, ms);
  };

  return {
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await loop?.catch(() => {});
      await chain;
      ddb.destroy();
      client.destroy();
    },
    async drain() {
      while ((await runCycle()) > 0) {
        // another cycle until the stream has nothing new
      }
    },
  };
}
