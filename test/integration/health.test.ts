import { createServer } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handler } from '../../functions/http/health/get-health.js';
import { logger } from '../../functions/lib/logger.js';
import { lambdaContext } from '../../infra/local/handlers.js';
import { STORE_UNREACHABLE } from '../../shared/contracts/health.js';
import { resetDb } from '../../shared/db/client.js';
import { httpEvent } from '../factories/http-event.js';
import { api } from '../support/api.js';

/** A loopback port nobody listens on (taken, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const savedEndpoint = process.env.DYNAMODB_ENDPOINT;
afterEach(() => {
  process.env.DYNAMODB_ENDPOINT = savedEndpoint;
  resetDb();
});

describe('GET /api/health', () => {
  it('answers ok while the API reaches its table', async () => {
    const res = await api('GET', '/api/health');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
  });

  it('refuses query parameters', async () => {
    const res = await api('GET', '/api/health?verbose=1');
    expect(res.status).toBe(400);
  });

  it('answers 503 with a user-safe reason, and nothing of the cause, when the table does not answer', async () => {
    const logged = vi.spyOn(logger, 'error').mockImplementation(() => {});
    process.env.DYNAMODB_ENDPOINT = `http://127.0.0.1:${await closedPort()}`;
    resetDb();
    const res = (await handler(httpEvent({ method: 'GET', path: '/api/health' }), lambdaContext('health'))) as {
      statusCode: number;
      body: string;
    };
    expect(res.statusCode).toBe(503);
    expect(JSON.parse(res.body)).toEqual({ error: { code: 'UNAVAILABLE', message: STORE_UNREACHABLE } });
    expect(res.body).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|dynamo/i);
    // The cause goes to the log only.
    expect(logged).toHaveBeenCalledWith('Health check: the table did not answer', expect.any(Error));
    logged.mockRestore();
  });
});
