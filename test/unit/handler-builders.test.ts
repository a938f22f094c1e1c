import { randomUUID } from 'node:crypto';
import type { ScheduledEvent } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { eventHandler, idempotencyKeyOf } from '../../functions/lib/event.js';
import { clientsMayCall, httpHandler } from '../../functions/lib/http.js';
import { jobHandler } from '../../functions/lib/job.js';
import { logger } from '../../functions/lib/logger.js';
import { builtBy, metrics } from '../../functions/lib/middleware.js';
import { realtimeHandler } from '../../functions/lib/realtime.js';
import { ORIGIN_SECRET_ENV } from '../../functions/lib/viewer.js';
import { lambdaContext } from '../../infra/local/handlers.js';
import type { BusEvent } from '../../shared/adapters/events.js';
import { AppError } from '../../shared/errors.js';
import { allHandlers, events, realtime, routes, schedules, streams } from '../../shared/routes.js';
import * as z from '../../shared/zod.js';
import { httpEvent } from '../factories/http-event.js';

// The events come as through the edge: the factory adds this origin secret (functions/lib/viewer.ts).
process.env[ORIGIN_SECRET_ENV] ??= 'unit-test-origin-secret';

/**
 * The handler builders of functions/lib: every kind runs through one middy chain (the logger gets the
 * Lambda context, metrics are flushed) and maps coded errors in one place.
 */

const route = { method: 'GET', path: '/api/public/content/{section}' } as const;
const busEvent = (): BusEvent<{ n: number }> => ({
  id: randomUUID(),
  'detail-type': 'Test',
  source: 'test',
  detail: { n: 1 },
});

let addContext: ReturnType<typeof vi.spyOn>;
let warn: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;
let addMetric: ReturnType<typeof vi.spyOn>;
let addDimension: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  addContext = vi.spyOn(logger, 'addContext');
  warn = vi.spyOn(logger, 'warn').mockImplementation(() => {});
  error = vi.spyOn(logger, 'error').mockImplementation(() => {});
  addMetric = vi.spyOn(metrics, 'addMetric');
  addDimension = vi.spyOn(metrics, 'addDimension');
  vi.spyOn(metrics, 'publishStoredMetrics').mockImplementation(() => {
    metrics.clearMetrics();
    metrics.clearDimensions();
    return metrics;
  });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const metricNames = () => addMetric.mock.calls.map((c: unknown[]) => c[0]);
const dimensions = () => addDimension.mock.calls.map((c: unknown[]) => `${c[0]}=${c[1]}`);

describe('httpHandler', () => {
  it('answers a coded error with its status and message, once, and counts a 4xx', async () => {
    const run = vi.fn(async () => {
      throw new AppError('CONFLICT', 'Already there', { name: ['taken'] });
    });
    const handler = httpHandler({}, run);
    const context = lambdaContext('http/test');
    const res = (await handler(httpEvent(route, { params: { section: 'tips' } }), context)) as {
      statusCode: number;
      body: string;
    };
    expect(res.statusCode).toBe(409);
    expect(JSON.parse(res.body)).toEqual({
      error: { code: 'CONFLICT', message: 'Already there', fields: { name: ['taken'] } },
    });
    expect(run).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
    expect(addContext).toHaveBeenCalledWith(context);
    expect(metricNames()).toEqual(['HttpResponses']);
    expect(dimensions()).toEqual(['statusClass=4xx']);
  });

  it('answers an unexpected error with a generic 500 and logs it as an error', async () => {
    const handler = httpHandler({}, async () => {
      throw new Error('boom: table unreachable');
    });
    const res = (await handler(httpEvent(route, { params: { section: 'tips' } }), lambdaContext('http/test'))) as {
      statusCode: number;
      body: string;
    };
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('boom');
    expect(JSON.parse(res.body).error.code).toBe('INTERNAL');
    expect(error).toHaveBeenCalledTimes(1);
    expect(dimensions()).toEqual(['statusClass=5xx']);
  });

  it('answers a success as the route result and counts a 2xx', async () => {
    const handler = httpHandler({}, async ({ params }) => ({ status: 201, body: { section: params.section } }));
    const res = (await handler(httpEvent(route, { params: { section: 'tips' } }), lambdaContext('http/test'))) as {
      statusCode: number;
      body: string;
    };
    expect(res.statusCode).toBe(201);
    expect(JSON.parse(res.body)).toEqual({ section: 'tips' });
    expect(dimensions()).toEqual(['statusClass=2xx']);
  });

  it('refuses to serve a route a client may call (500, nothing run): that needs clientHttpHandler', async () => {
    const run = vi.fn(async () => ({ body: {} }));
    const handler = httpHandler({}, run);
    const res = (await handler(httpEvent({ method: 'GET', path: '/api/me' }), lambdaContext('http/test'))) as {
      statusCode: number;
    };
    expect(res.statusCode).toBe(500);
    expect(run).not.toHaveBeenCalled();
    expect(String(error.mock.calls[0]?.[1])).toContain('clientHttpHandler');
  });
});

describe('httpHandler input edges', () => {
  // A route without a per-IP limit, so nothing but the input is checked (no table in unit tests).
  const at = (opts: Parameters<typeof httpEvent>[1]) => httpEvent(route, { params: { section: 'tips' }, ...opts });
  const body = z.strictObject({ name: z.string() });
  const query = z.strictObject({ email: z.optional(z.string()) });
  const call = async (event: ReturnType<typeof httpEvent>) => {
    const res = (await httpHandler({ body, query }, async () => ({ body: { ok: true } }))(
      event,
      lambdaContext('http/test'),
    )) as { statusCode: number; body: string };
    return { status: res.statusCode, body: JSON.parse(res.body) };
  };

  it.each([
    ['{"constructor":1}', 'constructor'],
    ['{"toString":1,"name":"x"}', 'toString'],
    ['{"__proto__":{"polluted":true},"name":"x"}', '__proto__'],
    ['{"name":"x","prototype":{}}', 'prototype'],
    ['{"name":"x","hasOwnProperty":1,"valueOf":2}', 'hasOwnProperty'],
  ])('refuses a body field named like a built-in member (%s) as an unknown field, with 400', async (raw, key) => {
    const res = await call(at({ body: raw }));
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('VALIDATION');
    expect(res.body.error.fields[key]).toEqual([`${key} is not an accepted field`]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses such keys nested anywhere and in the query string, with 400', async () => {
    const nested = await call(at({ body: '{"name":{"a":[{"constructor":1}]}}' }));
    expect(nested.status).toBe(400);
    expect(nested.body.error.fields['name.a.0.constructor']).toEqual(['name.a.0.constructor is not an accepted field']);
    const inQuery = await call(at({ body: { name: 'x' }, query: { email: 'a@example.com', toString: '1' } }));
    expect(inQuery.status).toBe(400);
    expect(inQuery.body.error.fields.toString).toEqual(['toString is not an accepted field']);
    const deep = await call(at({ body: `${'['.repeat(20_000)}${']'.repeat(20_000)}` }));
    expect(deep.status).toBe(400);
  });
});

describe('eventHandler', () => {
  it('rethrows a coded error after logging it once as a warning, for the retries and the DLQ', async () => {
    const failure = new AppError('NOT_FOUND', 'Gone');
    const handler = eventHandler<{ n: number }>(
      'events/test',
      async () => {
        throw failure;
      },
      { idempotent: false },
    );
    const context = lambdaContext('events/test');
    await expect(handler(busEvent(), context)).rejects.toBe(failure);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(error).not.toHaveBeenCalled();
    expect(addContext).toHaveBeenCalledWith(context);
    expect(metricNames()).toEqual(['EventFailures']);
  });

  it('rethrows an unexpected error after logging it once as an error', async () => {
    const handler = eventHandler(
      'events/test',
      async () => {
        throw new Error('SES down');
      },
      { idempotent: false },
    );
    await expect(handler(busEvent(), lambdaContext('events/test'))).rejects.toThrow('SES down');
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('is idempotent on the publisher’s dedupe id when the detail has one, else on the EventBridge id', () => {
    const event = busEvent();
    expect(idempotencyKeyOf(event)).toBe(event.id);
    // Two publications of one outbox item: two EventBridge ids, one key.
    const first = { ...event, detail: { n: 1, dedupeId: 'outbox-7' } };
    const again = { ...first, id: randomUUID() };
    expect(idempotencyKeyOf(first)).toBe('outbox-7');
    expect(idempotencyKeyOf(again)).toBe('outbox-7');
    // Not a usable dedupe id: the EventBridge id.
    expect(idempotencyKeyOf({ ...event, detail: { n: 1, dedupeId: '' } })).toBe(event.id);
    expect(idempotencyKeyOf({ ...event, detail: { n: 1, dedupeId: 7 } })).toBe(event.id);
    expect(idempotencyKeyOf({ ...event, detail: null })).toBe(event.id);
    // No id at all (a direct invocation): no key, the handler runs unguarded.
    expect(idempotencyKeyOf({ id: '', detail: {} })).toBeUndefined();
  });

  it('hands the handler the detail without the dedupe id', async () => {
    const run = vi.fn(async (e: BusEvent<{ n: number }>) => e.detail);
    const handler = eventHandler('events/test', run, { idempotent: false });
    const event = { ...busEvent(), detail: { n: 1, dedupeId: 'outbox-8' } };
    expect(await handler(event, lambdaContext('events/test'))).toEqual({ n: 1 });
    expect(event.detail).toEqual({ n: 1, dedupeId: 'outbox-8' });
  });

  it('runs the handler with the event and counts it', async () => {
    const run = vi.fn(async (e: BusEvent<{ n: number }>) => e.detail.n + 1);
    const handler = eventHandler('events/test', run, { idempotent: false });
    const event = busEvent();
    expect(await handler(event, lambdaContext('events/test'))).toBe(2);
    expect(run).toHaveBeenCalledWith(event, expect.anything());
    expect(metricNames()).toEqual(['EventsProcessed']);
  });
});

describe('jobHandler', () => {
  it('rethrows failures (logged once) and returns the result of a run', async () => {
    const failing = jobHandler('jobs/test', async () => {
      throw new Error('query failed');
    });
    await expect(failing({} as ScheduledEvent, lambdaContext('jobs/test'))).rejects.toThrow('query failed');
    expect(error).toHaveBeenCalledTimes(1);
    const ok = jobHandler('jobs/test', async () => ({ completed: 3 }));
    const context = lambdaContext('jobs/test');
    expect(await ok({} as ScheduledEvent, context)).toEqual({ completed: 3 });
    expect(addContext).toHaveBeenCalledWith(context);
    expect(metricNames()).toEqual(['JobFailures', 'JobRuns']);
  });
});

describe('realtimeHandler', () => {
  const ws = { requestContext: { connectionId: 'c-1' } } as never;
  it('answers a coded error with its status (401/403) and anything else with 500', async () => {
    const refused = realtimeHandler('realtime/test', async () => {
      throw new AppError('FORBIDDEN', 'Forbidden');
    });
    expect(await refused(ws, lambdaContext('realtime/test'))).toEqual({ statusCode: 403, body: 'Forbidden' });
    expect(error).not.toHaveBeenCalled();
    const broken = realtimeHandler('realtime/test', async () => {
      throw new Error('table unreachable');
    });
    expect(await broken(ws, lambdaContext('realtime/test'))).toEqual({
      statusCode: 500,
      body: 'Internal Server Error',
    });
    expect(error).toHaveBeenCalledTimes(1);
    expect(dimensions()).toEqual(['statusClass=4xx', 'statusClass=5xx']);
  });
});

describe('every declared handler module', () => {
  it('exports a handler built by its kind’s builder, named by its module path', async () => {
    const expected = new Map<string, { kind: string; name?: string }>();
    // The routes a client may call (and only they) create a missing client profile (functions/lib/http-client.ts).
    for (const r of routes) expected.set(r.handler, { kind: 'http', name: clientsMayCall(r) ? 'client' : undefined });
    for (const hs of Object.values(events)) for (const h of hs) expected.set(h, { kind: 'event', name: h });
    for (const s of schedules) expected.set(s.handler, { kind: 'job', name: s.handler });
    for (const h of Object.values(realtime)) expected.set(h, { kind: 'realtime', name: h });
    for (const s of Object.values(streams)) expected.set(s.handler, { kind: 'stream', name: s.handler });
    expect([...expected.keys()].sort()).toEqual(allHandlers().sort());
    for (const [module, want] of expected) {
      const mod = (await import(/* @vite-ignore */ `../../functions/${module}.ts`)) as { handler: unknown };
      const got = builtBy(mod.handler);
      expect(got?.kind, module).toBe(want.kind);
      expect(got?.name, module).toBe(want.name);
    }
  }, 60_000);
});
