import { createHash, createHmac } from 'node:crypto';
import { SignatureV4 } from '@smithy/signature-v4';

/**
 * Signed calls to the AWS APIs the request handlers use besides DynamoDB (Cognito's admin API,
 * EventBridge PutEvents, EventBridge Scheduler, the media bucket): the request is signed with the
 * SDK's own Signature V4 signer (@smithy/signature-v4, which every function already carries for
 * DynamoDB) and sent with Node's fetch. A full SDK client per service would add 15-120 KB to each
 * bundle for a handful of operations (ADR 0016, fifth step); the tests check each call against the
 * request the SDK client builds for the same input (test/unit/sdk-edges).
 *
 * Credentials are the environment's (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_SESSION_TOKEN):
 * Lambda gives every function its role's credentials there, and the local runtime the emulators'.
 */

type SourceData = string | ArrayBuffer | ArrayBufferView;

const bytes = (d: SourceData): Buffer =>
  typeof d === 'string'
    ? Buffer.from(d, 'utf8')
    : ArrayBuffer.isView(d)
      ? Buffer.from(d.buffer, d.byteOffset, d.byteLength)
      : Buffer.from(new Uint8Array(d));

/** SHA-256, or HMAC-SHA-256 with a secret, in the shape the signer asks for. */
export class Sha256 {
  private readonly hash;
  constructor(secret?: SourceData) {
    this.hash = secret === undefined ? createHash('sha256') : createHmac('sha256', bytes(secret));
  }
  update(data: SourceData): void {
    this.hash.update(bytes(data));
  }
  async digest(): Promise<Uint8Array> {
    return new Uint8Array(this.hash.digest());
  }
}

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

/** The environment's credentials (Lambda's role, the local runtime's emulator keys). */
export function environmentCredentials(): Credentials {
  const accessKeyId = process.env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = process.env.AWS_SECRET_ACCESS_KEY;
  if (!accessKeyId || !secretAccessKey) {
    throw new Error('No AWS credentials in the environment (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY)');
  }
  const sessionToken = process.env.AWS_SESSION_TOKEN;
  return { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) };
}

/** The DNS suffix of a region's partition (only the China regions differ among those a stack can use). */
export const dnsSuffix = (region: string) => (region.startsWith('cn-') ? 'amazonaws.com.cn' : 'amazonaws.com');

/** `https://<prefix>.<region>.amazonaws.com`, a service's regional endpoint. */
export const regionalEndpoint = (prefix: string, region: string) => `https://${prefix}.${region}.${dnsSuffix(region)}`;

/** Where and as what a call is signed. */
export interface AwsService {
  /** The signing name (`cognito-idp`, `events`, `scheduler`, `s3`). */
  signingName: string;
  region: string;
  /** Origin (and optional base path) of the API, e.g. https://events.us-east-1.amazonaws.com. */
  endpoint: string;
  /** Fixed credentials (an emulator's); the environment's otherwise. */
  credentials?: Credentials;
}

export interface AwsRequest {
  method: 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';
  /** Path below the endpoint, starting with `/`, already encoded. */
  path: string;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string;
}

export interface AwsResponse {
  status: number;
  headers: Headers;
  body: Uint8Array;
  text(): string;
}

/** An AWS API refusal: `name` is the service's error code (UserNotFoundException, NoSuchKey...). */
export class AwsError extends Error {
  constructor(
    name: string,
    message: string,
    readonly status: number,
  ) {
    super(message || name);
    this.name = name;
  }
}

/** Error codes worth another attempt besides 5xx answers and network failures. */
const RETRIABLE = new Set([
  'Throttling',
  'ThrottlingException',
  'TooManyRequestsException',
  'RequestLimitExceeded',
  'SlowDown',
  'RequestTimeout',
  'RequestTimeoutException',
  'InternalErrorException',
  'ServiceUnavailable',
]);

/** Attempts per call, as the SDK's standard retry mode. */
export const MAX_ATTEMPTS = 3;
const TIMEOUT_MS = 10_000;

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The signer for a service (S3 signs its paths as given and takes an unsigned payload). */
function signer(service: AwsService) {
  const s3 = service.signingName === 's3';
  return new SignatureV4({
    service: service.signingName,
    region: service.region,
    credentials: async () => service.credentials ?? environmentCredentials(),
    sha256: Sha256,
    uriEscapePath: !s3,
    applyChecksum: !s3,
  });
}

/** `req` as the signer's HTTP request for `service`. */
function httpRequest(service: AwsService, req: AwsRequest) {
  const url = new URL(service.endpoint);
  const basePath = url.pathname.replace(/\/$/, '');
  return {
    method: req.method,
    protocol: url.protocol,
    hostname: url.hostname,
    ...(url.port ? { port: Number(url.port) } : {}),
    path: `${basePath}${req.path}`,
    query: { ...(req.query ?? {}) },
    headers: { host: url.host, ...(req.headers ?? {}) } as Record<string, string>,
    ...(req.body !== undefined ? { body: req.body } : {}),
  };
}

/** RFC 3986 encoding, as the SDK writes a query (sorted names) and an S3 key's path segments. */
export const escapeUri = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const urlOf = (r: { protocol: string; hostname: string; port?: number; path: string; query?: object }) => {
  const q = (r.query ?? {}) as Record<string, string>;
  const query = Object.keys(q)
    .sort()
    .map((k) => `${escapeUri(k)}=${escapeUri(q[k])}`)
    .join('&');
  return `${r.protocol}//${r.hostname}${r.port ? `:${r.port}` : ''}${r.path}${query ? `?${query}` : ''}`;
};

/** A presigned URL for `req` valid for `expiresIn` seconds (S3's query-string authentication). */
export async function presignUrl(
  service: AwsService,
  req: AwsRequest,
  opts: { expiresIn: number; signingDate?: Date },
): Promise<string> {
  const request = httpRequest(service, req);
  const signed = await signer(service).presign(
    { ...request, headers: { ...request.headers, 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' } },
    { expiresIn: opts.expiresIn, signingDate: opts.signingDate, unsignableHeaders: new Set(['content-type']) },
  );
  return urlOf(signed);
}

/**
 * Sends `req` signed, with up to MAX_ATTEMPTS attempts (jittered exponential back-off) for network
 * failures, 5xx answers and throttling; any other 4xx is thrown at once as an AwsError whose name is
 * the code `errorCode` reads from the answer.
 */
export async function awsCall(
  service: AwsService,
  req: AwsRequest,
  errorCode: (res: AwsResponse) => { code: string; message: string },
): Promise<AwsResponse> {
  for (let attempt = 1; ; attempt++) {
    let res: AwsResponse;
    try {
      const request = httpRequest(service, req);
      if (service.signingName === 's3') request.headers['x-amz-content-sha256'] = 'UNSIGNED-PAYLOAD';
      const signed = await signer(service).sign(request);
      const { host: _host, ...headers } = signed.headers as Record<string, string>;
      const answer = await fetch(urlOf(signed), {
        method: req.method,
        headers,
        body: req.body,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const body = new Uint8Array(await answer.arrayBuffer());
      res = { status: answer.status, headers: answer.headers, body, text: () => Buffer.from(body).toString('utf8') };
    } catch (e) {
      if (attempt >= MAX_ATTEMPTS) throw e;
      await wait(backoff(attempt));
      continue;
    }
    if (res.status < 300) return res;
    const { code, message } = errorCode(res);
    const retriable = res.status >= 500 || res.status === 429 || RETRIABLE.has(code);
    if (!retriable || attempt >= MAX_ATTEMPTS) throw new AwsError(code, message, res.status);
    await wait(backoff(attempt));
  }
}

const backoff = (attempt: number) => Math.random() * Math.min(20_000, 100 * 2 ** attempt);

/** The error code of a JSON-protocol answer: `__type` or the x-amzn-errortype header, without namespace. */
export function jsonErrorCode(res: AwsResponse): { code: string; message: string } {
  let body: { __type?: string; code?: string; message?: string; Message?: string } = {};
  try {
    body = JSON.parse(res.text() || '{}');
  } catch {
    // not JSON: the header or the status says what it was
  }
  const raw = res.headers.get('x-amzn-errortype') ?? body.__type ?? body.code ?? `Http${res.status}`;
  const code = raw.split(':')[0].split('#').pop() ?? raw;
  return { code, message: body.message ?? body.Message ?? '' };
}

/**
 * An awsJson 1.0/1.1 operation (Cognito `AWSCognitoIdentityProviderService.AdminGetUser`,
 * EventBridge `AWSEvents.PutEvents`): POST / with the input as JSON; the output parsed.
 */
export async function awsJson<T>(service: AwsService, target: string, input: object, version = '1.1'): Promise<T> {
  const res = await awsCall(
    service,
    {
      method: 'POST',
      path: '/',
      headers: { 'content-type': `application/x-amz-json-${version}`, 'x-amz-target': target },
      body: JSON.stringify(input),
    },
    jsonErrorCode,
  );
  const text = res.text();
  return (text ? JSON.parse(text) : {}) as T;
}
