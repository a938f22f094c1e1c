import { createECDH, type ECDH, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { decrypt } from 'http_ece';

/**
 * The local stand-in for a browser's push service (ADR 0055). It hands out subscriptions the way a
 * browser's PushManager does (an endpoint on this server, the P-256 public key and auth secret of a
 * receiver whose private key it keeps), accepts web-push POSTs to them (RFC 8030, aes128gcm RFC 8291,
 * a VAPID `Authorization` header), decrypts each payload and keeps it, so tests and `npm start` can
 * read what a device received. An endpoint can be told to answer 410 Gone, as a push service does for
 * a subscription the browser dropped. State is in memory.
 *
 *   POST /_local/push/subscriptions        -> 201 { endpoint, keys: { p256dh, auth } }
 *   POST /push/{id}                        -> 201 (stored) | 410 (gone) | 404 (unknown) | 400/401
 *   GET  /_local/push/{id}/deliveries      -> 200 [{ payload, ttl, urgency, at }]
 *   POST /_local/push/{id}/gone            -> 204 (from now on the endpoint answers 410)
 */

export interface PushDelivery {
  /** The decrypted payload (UTF-8 text). */
  payload: string;
  ttl: string | undefined;
  urgency: string | undefined;
  at: string;
}

interface Receiver {
  ecdh: ECDH;
  auth: string;
  gone: boolean;
  deliveries: PushDelivery[];
}

export interface PushStandIn {
  url: string;
  stop(): Promise<void>;
}

const MAX_BODY = 8 * 1024;

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) {
        reject(new Error('payload too large'));
        req.destroy();
      } else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

export async function startPushStandIn(opts: { port: number; host?: string }): Promise<PushStandIn> {
  const host = opts.host ?? '127.0.0.1';
  const url = `http://${host}:${opts.port}`;
  const receivers = new Map<string, Receiver>();
  const server: Server = createServer((req, res) => {
    const send = (status: number, body?: unknown) => {
      res.writeHead(status, body === undefined ? {} : { 'content-type': 'application/json' });
      res.end(body === undefined ? undefined : JSON.stringify(body));
    };
    const path = new URL(req.url ?? '/', url).pathname;
    const handle = async () => {
      if (req.method === 'POST' && path === '/_local/push/subscriptions') {
        const id = randomUUID();
        const ecdh = createECDH('prime256v1');
        ecdh.generateKeys();
        const auth = randomBytes(16).toString('base64url');
        receivers.set(id, { ecdh, auth, gone: false, deliveries: [] });
        return send(201, {
          endpoint: `${url}/push/${id}`,
          keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth },
        });
      }
      const local = /^\/_local\/push\/([\w-]+)\/(deliveries|gone)$/.exec(path);
      if (local) {
        const r = receivers.get(local[1]);
        if (!r) return send(404, { error: 'unknown subscription' });
        if (local[2] === 'deliveries' && req.method === 'GET') return send(200, r.deliveries);
        if (local[2] === 'gone' && req.method === 'POST') {
          r.gone = true;
          return send(204);
        }
        return send(405);
      }
      const push = /^\/push\/([\w-]+)$/.exec(path);
      if (push && req.method === 'POST') {
        const r = receivers.get(push[1]);
        if (!r) return send(404, { error: 'unknown subscription' });
        if (r.gone) return send(410, { error: 'subscription gone' });
        if (!/^vapid t=[\w-]+\.[\w-]+\.[\w-]+, k=[\w-]+$/.test(req.headers.authorization ?? '')) {
          return send(401, { error: 'VAPID authorization required' });
        }
        if (req.headers['content-encoding'] !== 'aes128gcm') return send(400, { error: 'aes128gcm required' });
        const body = await readBody(req);
        const payload = decrypt(body, { version: 'aes128gcm', privateKey: r.ecdh, authSecret: r.auth });
        r.deliveries.push({
          payload: payload.toString('utf8'),
          ttl: req.headers.ttl as string | undefined,
          urgency: req.headers.urgency as string | undefined,
          at: new Date().toISOString(),
        });
        return send(201);
      }
      return send(404, { error: 'not found' });
    };
    handle().catch((e: unknown) => send(400, { error: e instanceof Error ? e.message : String(e) }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: opts.port, host }, () => resolve());
  });
  return {
    url,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
