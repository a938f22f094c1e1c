import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SignatureV4 } from '@smithy/signature-v4';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { Sha256 } from '../../../shared/adapters/aws-call.js';

/**
 * A stand-in for an AWS API on 127.0.0.1, for the unit tests of the cloud edges: it checks each
 * request's Signature V4 the way AWS does (the canonical request rebuilt from what arrived), decodes it
 * into the operation and input the SDK names (awsJson `x-amz-target`, Scheduler's REST paths, S3's
 * path-style object requests) and answers what the test set for that operation. The SDK's own clients
 * can be pointed at it too, so a test can compare the two requests.
 */
export interface Received {
  operation: string;
  input: Record<string, unknown>;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  body: string;
  /** Whether the Authorization header is the signature of what arrived, with the test's keys. */
  signed: boolean;
  /** The header names the signature covers. */
  signedHeaders: string[];
}

export interface Answer {
  status?: number;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
}

export type Reply = Answer | ((r: Received) => Answer);

export const KEYS = { accessKeyId: 'AKIDSTANDIN', secretAccessKey: 'stand-in-secret-key/0123456789abcdef' };

/** The environment of a function signing with the stand-in's keys (as Lambda provides its role's). */
export const KEYS_ENV = {
  AWS_REGION: 'us-east-1',
  AWS_ACCESS_KEY_ID: KEYS.accessKeyId,
  AWS_SECRET_ACCESS_KEY: KEYS.secretAccessKey,
  AWS_SESSION_TOKEN: undefined,
};

/** A JSON-protocol error answer (`__type` as AWS writes it). */
export const jsonError = (code: string, message: string, status = 400): Answer => ({
  status,
  headers: { 'content-type': 'application/x-amz-json-1.1' },
  body: JSON.stringify({ __type: code, message }),
});

/** An S3 error answer. */
export const s3Error = (code: string, message: string, status: number): Answer => ({
  status,
  headers: { 'content-type': 'application/xml' },
  body: `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`,
});

export const json = (output: unknown): Answer => ({
  headers: { 'content-type': 'application/x-amz-json-1.1' },
  body: JSON.stringify(output),
});

function decode(
  service: string,
  method: string,
  path: string,
  query: Record<string, string>,
  headers: Record<string, string>,
  body: string,
) {
  if (headers['x-amz-target']) {
    return { operation: headers['x-amz-target'].split('.').pop() ?? '', input: body ? JSON.parse(body) : {} };
  }
  if (service === 'scheduler') {
    const name = decodeURIComponent(path.replace(/^\/schedules\//, ''));
    const { ClientToken: _token, ...rest } = body ? JSON.parse(body) : {};
    if (method === 'DELETE') return { operation: 'DeleteSchedule', input: { Name: name, GroupName: query.groupName } };
    return { operation: method === 'POST' ? 'CreateSchedule' : 'UpdateSchedule', input: { Name: name, ...rest } };
  }
  if (service === 's3') {
    const [, bucket, ...key] = path.split('/');
    const input: Record<string, unknown> = { Bucket: bucket, Key: key.map(decodeURIComponent).join('/') };
    if (headers.range) input.Range = headers.range;
    const operation = { HEAD: 'HeadObject', GET: 'GetObject', DELETE: 'DeleteObject', PUT: 'PutObject' }[method];
    return { operation: operation ?? method, input };
  }
  return { operation: `${method} ${path}`, input: {} };
}

async function verify(
  keys: typeof KEYS,
  service: string,
  req: IncomingMessage,
  path: string,
  query: Record<string, string>,
  headers: Record<string, string>,
  body: string,
) {
  const auth = headers.authorization ?? '';
  const m =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, SignedHeaders=([^,]+), Signature=([0-9a-f]{64})$/.exec(
      auth,
    );
  if (!m) return { signed: false, signedHeaders: [] };
  const [, keyId, , region, signingName, signedList] = m;
  const signedHeaders = signedList.split(';');
  const amzDate = headers['x-amz-date'] ?? '';
  const date = new Date(amzDate.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
  const s3 = service === 's3';
  const signer = new SignatureV4({
    service: signingName,
    region,
    credentials: keys,
    sha256: Sha256,
    uriEscapePath: !s3,
    applyChecksum: false,
  });
  const [hostname, port] = (headers.host ?? '').split(':');
  const again = await signer.sign(
    {
      method: req.method ?? 'GET',
      protocol: 'http:',
      hostname,
      port: Number(port),
      path,
      query,
      headers: Object.fromEntries(signedHeaders.map((h) => [h, headers[h] ?? ''])),
      body,
    },
    { signingDate: date },
  );
  return { signed: keyId === keys.accessKeyId && again.headers.authorization === auth, signedHeaders };
}

/**
 * Starts the stand-in for the enclosing describe block; `env` names the variables that point the
 * adapter at it (set to its URL once it listens, restored after the block).
 */
export function awsStandIn(
  service: 'cognito-idp' | 'events' | 'scheduler' | 's3',
  opts: { env?: string[]; keys?: typeof KEYS } = {},
) {
  const keys = opts.keys ?? KEYS;
  const saved: Record<string, string | undefined> = {};
  let server: Server | undefined;
  const replies = new Map<string, Reply[]>();
  const state = {
    url: '',
    received: [] as Received[],
    /** What `operation` answers next (the last one set keeps answering); 200 with `{}` when unset. */
    on(operation: string, ...answers: Reply[]) {
      replies.set(operation, [...(replies.get(operation) ?? []), ...answers]);
      return state;
    },
    /** The decoded inputs of `operation`, in order. */
    calls<T = Record<string, unknown>>(operation: string): T[] {
      return state.received.filter((r) => r.operation === operation).map((r) => r.input as T);
    },
    reset() {
      state.received = [];
      replies.clear();
    },
  };
  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const body = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const query = Object.fromEntries(url.searchParams);
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : (v ?? '')]),
      );
      const path = (req.url ?? '/').split('?')[0];
      const received: Received = {
        ...decode(service, req.method ?? 'GET', path, query, headers, body),
        method: req.method ?? 'GET',
        path,
        query,
        headers,
        body,
        ...(await verify(keys, service, req, path, query, headers, body)),
      };
      state.received.push(received);
      const queue = replies.get(received.operation) ?? [];
      const next = queue.length > 1 ? queue.shift() : queue[0];
      const answer = (typeof next === 'function' ? next(received) : next) ?? json({});
      res.writeHead(answer.status ?? 200, answer.headers ?? {});
      res.end(req.method === 'HEAD' ? undefined : answer.body);
    });
    const listening = server;
    await new Promise<void>((r) => listening.listen(0, '127.0.0.1', r));
    state.url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
    for (const name of opts.env ?? []) {
      saved[name] = process.env[name];
      process.env[name] = state.url;
    }
  });
  beforeEach(() => state.reset());
  afterAll(async () => {
    for (const [name, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
    await new Promise((r) => server?.close(r));
  });
  return state;
}
