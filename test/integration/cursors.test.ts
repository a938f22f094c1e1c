import { beforeAll, describe, expect, it } from 'vitest';
import { dynamoCommandLog } from '../../shared/db/client.js';
import { routes } from '../../shared/routes.js';
import { httpEvent } from '../factories/http-event.js';
import { api, createTestUser, type TestUser } from '../support/api.js';
import { dogOf } from './matrix/dogs-and-notes.js';

/**
 * List cursors are sealed by the edge (functions/lib/cursor.ts): opaque, signed, and bound to the list,
 * the caller and the filter. Anything else answers 400 `Invalid cursor` before a list reads the table.
 */
let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let firstPage: { cursor: string };

const myDogs = (user: TestUser, query: string) => api('GET', `/api/me/dogs${query}`, { token: user.idToken });
const invalid = (res: {
  status: number;
  body: { error?: { message?: string; fields?: Record<string, string[]> } };
}) => {
  expect(res.status).toBe(400);
  expect(res.body.error?.message).toBe('Invalid cursor');
  expect(res.body.error?.fields).toEqual({ cursor: ['Invalid cursor'] });
};

beforeAll(async () => {
  [owner, other, admin] = await Promise.all([
    createTestUser('client'),
    createTestUser('client'),
    createTestUser('admin'),
  ]);
  for (const name of ['Ace', 'Bo', 'Cy']) await dogOf(owner.profileId, name);
  await dogOf(other.profileId, 'Dot');
  const res = await myDogs(owner, '?limit=1');
  expect(res.status).toBe(200);
  firstPage = res.body;
});

describe('list cursors', () => {
  it('are opaque and lead through the list without repeating an item', async () => {
    expect(firstPage.cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const names: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 5; page++) {
      const res = await myDogs(owner, `?limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(res.status).toBe(200);
      names.push(...res.body.items.map((d: { name: string }) => d.name));
      cursor = res.body.cursor;
      if (!cursor) break;
    }
    expect(names.sort()).toEqual(['Ace', 'Bo', 'Cy']);
  });

  it('refuse a forged, truncated or altered cursor', async () => {
    const [state, signature] = firstPage.cursor.split('.');
    const forgedStates = [{ p: -1 }, 'MQ', { s: 99, c: null }];
    for (const forged of forgedStates) {
      const s = Buffer.from(JSON.stringify(forged)).toString('base64url');
      invalid(await myDogs(owner, `?limit=1&cursor=${s}.${signature}`));
    }
    invalid(await myDogs(owner, '?limit=5&cursor=MQ'));
    invalid(await myDogs(owner, `?limit=1&cursor=${firstPage.cursor.slice(0, -4)}`));
    invalid(await myDogs(owner, `?limit=1&cursor=${state}`));
    invalid(await myDogs(owner, `?limit=1&cursor=${state}.${signature}.${signature}`));
    invalid(await myDogs(owner, `?limit=1&cursor=${encodeURIComponent(`${state}x.${signature}`)}`));
  });

  it("refuse another caller's cursor, a cursor of another list and one of another filter", async () => {
    invalid(await myDogs(other, `?limit=1&cursor=${firstPage.cursor}`));
    const inbox = await api('GET', `/api/me/messages?limit=1&cursor=${firstPage.cursor}`, { token: owner.idToken });
    invalid(inbox);
    // The trainer's view of the same dogs is another list.
    invalid(
      await api('GET', `/api/clients/${owner.profileId}/dogs?limit=1&cursor=${firstPage.cursor}`, {
        token: admin.idToken,
      }),
    );
    // Another filter: the sessions list of one status, replayed on another status.
    const sessions = await api('GET', '/api/me/sessions?limit=1&filter=upcoming', { token: owner.idToken });
    expect(sessions.status).toBe(200);
    const sealed = await api('GET', '/api/clients?filter=all&limit=1', { token: admin.idToken });
    expect(sealed.body.cursor).toEqual(expect.any(String));
    invalid(
      await api('GET', `/api/clients?filter=completed&limit=1&cursor=${encodeURIComponent(sealed.body.cursor)}`, {
        token: admin.idToken,
      }),
    );
    // The same filter with another page size is the same list.
    const next = await api('GET', `/api/clients?filter=all&limit=2&cursor=${encodeURIComponent(sealed.body.cursor)}`, {
      token: admin.idToken,
    });
    expect(next.status).toBe(200);
  });

  it('refuse a bad cursor before the list reads the table', async () => {
    const route = routes.find((r) => r.method === 'GET' && r.path === '/api/me/dogs');
    if (!route) throw new Error('GET /api/me/dogs is not declared');
    const { handler } = await import('../../functions/http/dogs/list-my-dogs.js');
    const claims = { sub: owner.userId, 'cognito:groups': '[client]', email: owner.email };
    const call = async (query: Record<string, string>) => {
      dynamoCommandLog.clear();
      const res = (await handler(httpEvent(route, { query, claims }), {} as never)) as { statusCode: number };
      return { status: res.statusCode, commands: Object.fromEntries(dynamoCommandLog) };
    };
    // What the edge reads before any list: the caller's profile. A query the contract refuses shows it.
    const refusedQuery = await call({ limit: '0' });
    expect(refusedQuery.status).toBe(400);
    const forged = await call({ limit: '1', cursor: `${Buffer.from('"x"').toString('base64url')}.AAAA` });
    expect(forged.status).toBe(400);
    expect(forged.commands).toEqual(refusedQuery.commands);
    const foreign = await call({ limit: '1', cursor: (await myDogs(other, '?limit=1')).body.cursor ?? 'none.none' });
    expect(foreign.status).toBe(400);
    expect(foreign.commands).toEqual(refusedQuery.commands);
    // A cursor issued for this list and caller does read the list.
    const valid = await call({ limit: '1', cursor: firstPage.cursor });
    expect(valid.status).toBe(200);
    expect(valid.commands.QueryCommand ?? 0).toBeGreaterThan(refusedQuery.commands.QueryCommand ?? 0);
  });
});
