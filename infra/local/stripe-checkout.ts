import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/**
 * The local stand-in for Stripe Checkout (no npm package serves Checkout Sessions: stripe-stateful-mock
 * has none). It implements only what the product calls through the `stripe` SDK: create, retrieve and
 * expire a Checkout Session (`/v1/checkout/sessions`), with Stripe's form-encoded requests and JSON
 * objects. Its checkout page has Pay and Cancel; paying or expiring posts the `checkout.session.completed`
 * or `checkout.session.expired` event to the webhook URL, signed as Stripe signs
 * (`Stripe-Signature: t=<seconds>,v1=<HMAC-SHA256(secret, "<t>.<payload>")>`). State is in memory.
 *
 * Expiry is Stripe's: `expires_at` must be 30 minutes to 24 hours after creation (24 hours when absent),
 * and a session still open then becomes `expired` and posts `checkout.session.expired`. Local time cannot
 * be hurried, so `POST /_local/checkout/sessions/{id}/lapse` (same key) makes a session's time run out now,
 * exactly as if its `expires_at` had come.
 */

/** Stripe's bounds of a Checkout Session's `expires_at`, in seconds after creation. */
const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 60 * 60;

export interface StripeStandInOptions {
  port: number;
  /** The secret key the SDK must present (`Authorization: Bearer <key>`). */
  secretKey: string;
  webhookSecret: string;
  /** Where events are posted (the product's public webhook route). */
  webhookUrl: string;
  host?: string;
}

export interface StripeStandIn {
  url: string;
  stop(): Promise<void>;
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  currency: string;
  cancel_url: string | null;
  success_url: string | null;
  client_reference_id: string | null;
  created: number;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: string;
  payment_status: 'unpaid' | 'paid';
  status: 'open' | 'complete' | 'expired';
  url: string | null;
}

/** Stripe's signature header for `payload` at `timestamp` (seconds). */
export function stripeSignature(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

type Form = { [key: string]: string | Form };

/** Keys that name members every object inherits: a form field using one is dropped. */
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

/** Stripe's form encoding (`line_items[0][price_data][unit_amount]=7500`) as nested objects. */
export function parseStripeForm(body: string): Form {
  const out: Form = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    if (path.some((part) => RESERVED.has(part))) continue;
    let at: Form = out;
    path.forEach((part, i) => {
      if (i === path.length - 1) at[part] = value;
      else {
        let next = at[part];
        if (typeof next !== 'object') {
          next = {};
          at[part] = next;
        }
        at = next;
      }
    });
  }
  return out;
}

const str = (v: string | Form | undefined) => (typeof v === 'string' ? v : undefined);
const form = (v: string | Form | undefined): Form => (typeof v === 'object' ? v : {});

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 1_000_000) req.destroy(new Error('body too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function sendJson(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

const stripeError = (res: ServerResponse, status: number, message: string, type = 'invalid_request_error') =>
  sendJson(res, status, { error: { type, message } });

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function checkoutPage(session: CheckoutSession, name: string): string {
  const amount = `$${(session.amount_total / 100).toFixed(2)}`;
  const open = session.status === 'open';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Local checkout</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem">
<main><h1>Local checkout</h1><p>This page stands in for Stripe Checkout on this machine. No card is charged.</p>
<p><strong>${escapeHtml(name)}</strong></p><p>Total: <strong>${amount}</strong> ${escapeHtml(session.currency.toUpperCase())}</p>
${
  open
    ? `<form method="post" action="/checkout/${session.id}/pay"><button type="submit">Pay ${amount}</button></form>
<form method="post" action="/checkout/${session.id}/cancel" style="margin-top:1rem"><button type="submit">Cancel</button></form>`
    : `<p>This checkout is ${session.status}.</p>`
}</main></body></html>`;
}

export async function startStripeStandIn(opts: StripeStandInOptions): Promise<StripeStandIn> {
  const host = opts.host ?? '127.0.0.1';
  const base = `http://${host}:${opts.port}`;
  const sessions = new Map<string, { session: CheckoutSession; name: string }>();
  /** One timer per open session, firing at its `expires_at` (cleared when it closes or the server stops). */
  const expiries = new Map<string, NodeJS.Timeout>();
  const expected = Buffer.from(`Bearer ${opts.secretKey}`);

  const authorized = (req: IncomingMessage) => {
    const got = Buffer.from(req.headers.authorization ?? '');
    return got.length === expected.length && timingSafeEqual(got, expected);
  };

  /** Posts an event about `session` to the webhook, signed; its delivery failure is reported, not thrown. */
  async function deliver(type: string, session: CheckoutSession): Promise<void> {
    const event = {
      id: `evt_${randomBytes(12).toString('hex')}`,
      object: 'event',
      api_version: null,
      created: Math.floor(Date.now() / 1000),
      data: { object: session },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    const payload = JSON.stringify(event);
    try {
      const res = await fetch(opts.webhookUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'stripe-signature': stripeSignature(payload, opts.webhookSecret),
        },
        body: payload,
      });
      if (!res.ok) console.error(`[stripe stand-in] webhook ${type} answered ${res.status}: ${await res.text()}`);
    } catch (e) {
      console.error(`[stripe stand-in] webhook ${type} failed:`, (e as Error).message);
    }
  }

  /** Closes an open session as expired and posts the event, once. */
  async function expireSession(found: { session: CheckoutSession }): Promise<void> {
    clearTimeout(expiries.get(found.session.id));
    expiries.delete(found.session.id);
    if (found.session.status !== 'open') return;
    found.session.status = 'expired';
    found.session.url = null;
    await deliver('checkout.session.expired', found.session);
  }

  function scheduleExpiry(found: { session: CheckoutSession }) {
    const timer = setTimeout(
      () => void expireSession(found),
      Math.max(0, found.session.expires_at * 1000 - Date.now()),
    );
    // A local server must not stay alive only because a checkout is waiting to expire.
    timer.unref();
    expiries.set(found.session.id, timer);
  }

  function createSession(params: Form): CheckoutSession | string {
    const item = form(form(params.line_items)['0']);
    const price = form(item.price_data);
    const amount = Number(str(price.unit_amount));
    const quantity = Number(str(item.quantity) ?? '1');
    if (!Number.isInteger(amount) || amount < 0) return 'line_items[0][price_data][unit_amount] must be an integer';
    if (!Number.isInteger(quantity) || quantity < 1) return 'line_items[0][quantity] must be a positive integer';
    const id = `cs_test_${randomBytes(16).toString('hex')}`;
    const now = Math.floor(Date.now() / 1000);
    const expiresAt = Number(str(params.expires_at) ?? now + MAX_EXPIRY_SECONDS);
    if (!Number.isInteger(expiresAt) || expiresAt < now + MIN_EXPIRY_SECONDS || expiresAt > now + MAX_EXPIRY_SECONDS) {
      return 'The `expires_at` timestamp must be between 30 minutes and 24 hours after Checkout Session creation.';
    }
    const metadata: Record<string, string> = {};
    for (const [k, v] of Object.entries(form(params.metadata))) if (typeof v === 'string') metadata[k] = v;
    const session: CheckoutSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: amount * quantity,
      amount_total: amount * quantity,
      currency: str(price.currency) ?? 'usd',
      cancel_url: str(params.cancel_url) ?? null,
      success_url: str(params.success_url) ?? null,
      client_reference_id: str(params.client_reference_id) ?? null,
      created: now,
      expires_at: expiresAt,
      livemode: false,
      metadata,
      mode: str(params.mode) ?? 'payment',
      payment_status: 'unpaid',
      status: 'open',
      url: `${base}/checkout/${id}`,
    };
    const entry = { session, name: str(form(price.product_data).name) ?? 'Payment' };
    sessions.set(id, entry);
    scheduleExpiry(entry);
    return session;
  }

  const redirect = (res: ServerResponse, to: string | null) => {
    res.writeHead(303, { location: to ?? '/' });
    res.end();
  };

  async function route(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', base);
    const method = req.method ?? 'GET';
    const lapse = url.pathname.match(/^\/_local\/checkout\/sessions\/([^/]+)\/lapse$/);
    if (lapse && method === 'POST') {
      if (!authorized(req)) return stripeError(res, 401, 'Invalid API Key provided', 'authentication_error');
      const found = sessions.get(lapse[1]);
      if (!found) return stripeError(res, 404, `No such checkout.session: '${lapse[1]}'`);
      if (found.session.status === 'open') found.session.expires_at = Math.floor(Date.now() / 1000);
      await expireSession(found);
      return sendJson(res, 200, found.session);
    }
    const api = url.pathname.match(/^\/v1\/checkout\/sessions(?:\/([^/]+))?(\/expire)?$/);
    if (api) {
      if (!authorized(req)) return stripeError(res, 401, 'Invalid API Key provided', 'authentication_error');
      const [, id, expire] = api;
      const params = parseStripeForm(method === 'GET' ? url.searchParams.toString() : await readBody(req));
      if (!id && method === 'POST') {
        const created = createSession(params);
        return typeof created === 'string' ? stripeError(res, 400, created) : sendJson(res, 200, created);
      }
      const found = id ? sessions.get(id) : undefined;
      if (!found) return stripeError(res, 404, `No such checkout.session: '${id ?? ''}'`);
      if (!expire && method === 'GET') return sendJson(res, 200, found.session);
      if (expire && method === 'POST') {
        if (found.session.status !== 'open') {
          return stripeError(res, 400, `Only Checkout Sessions with a status in ["open"] can be expired.`);
        }
        await expireSession(found);
        return sendJson(res, 200, found.session);
      }
      return stripeError(res, 405, 'Method not allowed');
    }
    const page = url.pathname.match(/^\/checkout\/([^/]+)(?:\/(pay|cancel))?$/);
    const found = page ? sessions.get(page[1]) : undefined;
    if (!page || !found) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('Not found');
    }
    const action = page[2];
    if (!action && method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      return res.end(checkoutPage(found.session, found.name));
    }
    if (action === 'pay' && method === 'POST' && found.session.status === 'open') {
      clearTimeout(expiries.get(found.session.id));
      expiries.delete(found.session.id);
      found.session.status = 'complete';
      found.session.payment_status = 'paid';
      found.session.url = null;
      await deliver('checkout.session.completed', found.session);
      return redirect(res, found.session.success_url?.replace('{CHECKOUT_SESSION_ID}', found.session.id) ?? null);
    }
    if (action === 'cancel' && method === 'POST') return redirect(res, found.session.cancel_url);
    res.writeHead(409, { 'content-type': 'text/plain' });
    res.end(`This checkout is ${found.session.status}.`);
  }

  const server: Server = createServer((req, res) => {
    route(req, res).catch((e) => {
      console.error('[stripe stand-in]', e);
      if (!res.headersSent) stripeError(res, 500, 'stand-in error', 'api_error');
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: opts.port, host }, () => resolve());
  });
  return {
    url: base,
    async stop() {
      for (const timer of expiries.values()) clearTimeout(timer);
      expiries.clear();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
