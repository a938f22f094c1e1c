import { randomInt, randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { inject } from 'vitest';
import WebSocket from 'ws';
import { createLocalUser, randomPassword, signInLocal } from '../../infra/local/users.js';
import './provided-context.js';

/**
 * Helpers for integration tests against the local runtime started by global-setup.ts: real HTTP
 * requests to the site origin (the adapter in front of the handlers), users with tokens, the local
 * SES store, the event bus and the WebSocket API.
 */

export interface ApiResponse {
  status: number;
  /** Parsed JSON when the response is JSON, else the text (undefined when empty). */
  body: any;
  headers: Headers;
}

export interface ApiOptions {
  /** ID token, sent as `Authorization: Bearer <token>`. */
  token?: string;
  /** JSON body. */
  body?: unknown;
  headers?: Record<string, string>;
  /** Body sent as-is (content-type defaults to application/json). */
  rawBody?: string | Buffer;
  /**
   * Loopback address to connect from (`visitor()`): the site server, like CloudFront, takes the visitor's
   * IP from the connection, so this is how a test acts as another visitor.
   */
  from?: string;
}

/** A new visitor: a random loopback address (127.0.0.0/8) to connect from (`ApiOptions.from`). */
export const visitor = () => `127.${randomInt(1, 255)}.${randomInt(0, 256)}.${randomInt(1, 255)}`;

/** fetch's answer, over a connection from `localAddress`. */
function requestFrom(
  localAddress: string,
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string | Buffer },
): Promise<{ status: number; headers: Headers; text: string }> {
  return new Promise((resolvePromise, reject) => {
    const req = httpRequest(url, { method: init.method, headers: init.headers, localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', reject);
      res.on('end', () => {
        const headers = new Headers();
        for (const [k, v] of Object.entries(res.headers)) {
          for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) headers.append(k, one);
        }
        resolvePromise({ status: res.statusCode ?? 0, headers, text: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

export const siteUrl = () => inject('urls').site;

export async function api(method: string, path: string, opts: ApiOptions = {}): Promise<ApiResponse> {
  const headers: Record<string, string> = { ...(opts.headers ?? {}) };
  const has = (name: string) => Object.keys(headers).some((k) => k.toLowerCase() === name);
  if (opts.token && !has('authorization')) headers.authorization = `Bearer ${opts.token}`;
  let body: string | Buffer | undefined;
  if (opts.rawBody !== undefined) body = opts.rawBody;
  else if (opts.body !== undefined) body = JSON.stringify(opts.body);
  if (body !== undefined && !has('content-type')) headers['content-type'] = 'application/json';
  const res = opts.from
    ? await requestFrom(opts.from, `${siteUrl()}${path}`, { method, headers, body })
    : await fetch(`${siteUrl()}${path}`, {
        method,
        headers,
        body: typeof body === 'string' || body === undefined ? body : new Blob([new Uint8Array(body)]),
      }).then(async (r) => ({ status: r.status, headers: r.headers, text: await r.text() }));
  const text = res.text;
  let parsed: unknown = text === '' ? undefined : text;
  if (text && /json/i.test(res.headers.get('content-type') ?? '')) {
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = text;
    }
  }
  return { status: res.status, body: parsed, headers: res.headers };
}

export interface TestUser {
  email: string;
  password: string;
  userId: string;
  profileId: string;
  idToken: string;
  accessToken: string;
  refreshToken: string;
}

/**
 * A new user (Cognito user in the group `role` + a completed profile) with fresh tokens. Runs in the
 * worker against the runtime's emulators with the provided env.
 */
export async function createTestUser(
  role: 'admin' | 'client',
  over: { email?: string; firstName?: string; lastName?: string } = {},
): Promise<TestUser> {
  const env = inject('env');
  const cognito = {
    endpoint: env.COGNITO_ENDPOINT,
    userPoolId: env.COGNITO_USER_POOL_ID,
    clientId: env.COGNITO_CLIENT_ID,
  };
  const email = over.email ?? `test-${role}-${randomUUID().slice(0, 12)}@pawsitive.test`;
  const password = randomPassword();
  const { userId, profileId } = await createLocalUser(cognito, {
    email,
    password,
    role,
    firstName: over.firstName ?? (role === 'admin' ? 'Test Admin' : 'Test Client'),
    lastName: over.lastName ?? 'Tester',
  });
  const tokens = await signInLocal(cognito, email, password);
  return { email, password, userId, profileId, ...tokens };
}

/** Tokens of an existing user (e.g. the seeded admin: `inject('admin')`). */
export function signIn(email: string, password: string) {
  const env = inject('env');
  return signInLocal(
    { endpoint: env.COGNITO_ENDPOINT, userPoolId: env.COGNITO_USER_POOL_ID, clientId: env.COGNITO_CLIENT_ID },
    email,
    password,
  );
}

/** An e-mail as aws-ses-v2-local stores it. */
export interface SesMail {
  messageId: string;
  from: string;
  replyTo: string[];
  destination: { to: string[]; cc: string[]; bcc: string[] };
  subject: string;
  body: { text?: string; html?: string };
  /** Epoch seconds. */
  at: number;
  [field: string]: any;
}

/** Every e-mail the handlers sent through the local SES (optionally only since `since` epoch seconds). */
export async function sesStore(since?: number): Promise<SesMail[]> {
  const res = await fetch(`${inject('urls').ses}/store${since === undefined ? '' : `?since=${since}`}`);
  if (!res.ok) throw new Error(`SES store: ${res.status}`);
  return ((await res.json()) as { emails: SesMail[] }).emails;
}

export async function clearSesStore(): Promise<void> {
  await fetch(`${inject('urls').ses}/clear-store`, { method: 'POST' });
}

/** Resolves when the runtime's event bus has delivered everything published so far (incl. retries). */
export async function busIdle(): Promise<void> {
  const res = await fetch(`${siteUrl()}/__local/bus/idle`);
  if (!res.ok) throw new Error(`bus idle: ${res.status}`);
}

/**
 * Calls `fn` until it returns a truthy value (errors count as "not yet") and returns that value;
 * fails after `timeoutMs` with the last error.
 */
export async function waitFor<T>(
  fn: () => T | Promise<T>,
  timeoutMs = 10_000,
  intervalMs = 50,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v as NonNullable<T>;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) {
      throw new Error(`waitFor timed out after ${timeoutMs} ms${last ? `: ${String(last)}` : ''}`);
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

export interface OpenSocket {
  socket: WebSocket;
  /** Every message received so far, parsed as JSON when possible. */
  messages: unknown[];
  close(): Promise<void>;
}

/** Opens a WebSocket to the local WebSocket API with `?token=` (rejects with the HTTP status if refused). */
export function openSocket(token?: string): Promise<OpenSocket> {
  const url = `${inject('urls').ws}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const messages: unknown[] = [];
    socket.on('message', (data) => {
      const text = String(data);
      try {
        messages.push(JSON.parse(text));
      } catch {
        messages.push(text);
      }
    });
    socket.once('unexpected-response', (_req, res) => {
      reject(Object.assign(new Error(`WebSocket refused: ${res.statusCode}`), { status: res.statusCode }));
      socket.terminate();
    });
    socket.once('error', reject);
    socket.once('open', () =>
      resolve({
        socket,
        messages,
        close: () =>
          new Promise<void>((r) => {
            if (socket.readyState === WebSocket.CLOSED) return r();
            socket.once('close', () => r());
            socket.close();
          }),
      }),
    );
  });
}
