import { beforeAll, describe, expect, it } from 'vitest';
import { backfillDogNames } from '../../infra/local/backfill.js';
import { dynamoCommandLog } from '../../shared/db/client.js';
import { store } from '../../shared/db/service.js';
import { listClients } from '../../shared/domain/clients.js';
import { api, createTestUser, type TestUser } from '../support/api.js';
import { dogBody } from './matrix/dogs-and-notes.js';

/**
 * The trainer's client list shows each client's dogs from the names on the client's profile, kept
 * by every dog write in its own transaction: no query per client when the list is read.
 */

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser('admin');
});

const addDog = (clientId: string, name: string) =>
  api('POST', `/api/clients/${clientId}/dogs`, { token: admin.idToken, body: dogBody({ name }) });

/** The client's row of the trainer's list (searched by e-mail), as the API answers it. */
async function listed(client: TestUser) {
  const res = await api('GET', `/api/clients?search=${encodeURIComponent(client.email)}&filter=all`, {
    token: admin.idToken,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const row = res.body.items.find((c: { id: string }) => c.id === client.profileId);
  expect(row).toBeDefined();
  return row as { dogNames?: { id: string; name: string }[] };
}
const namesOf = async (client: TestUser) => (await listed(client)).dogNames?.map((d) => d.name);

describe("the client list's dog names", () => {
  it('follow adding, renaming and deleting dogs, oldest first', async () => {
    const client = await createTestUser('client');
    expect(await namesOf(client)).toEqual([]);
    const rex = await addDog(client.profileId, 'Rex');
    expect(rex.status, JSON.stringify(rex.body)).toBe(201);
    expect((await addDog(client.profileId, 'Bella')).status).toBe(201);
    expect(await listed(client)).toMatchObject({ dogNames: [{ id: rex.body.dog.id, name: 'Rex' }, { name: 'Bella' }] });

    const renamed = await api('PATCH', `/api/dogs/${rex.body.dog.id}`, {
      token: admin.idToken,
      body: dogBody({ name: 'Rexy' }),
    });
    expect(renamed.status, JSON.stringify(renamed.body)).toBe(200);
    expect(await namesOf(client)).toEqual(['Rexy', 'Bella']);

    expect((await api('DELETE', `/api/dogs/${rex.body.dog.id}`, { token: admin.idToken })).status).toBe(204);
    expect(await namesOf(client)).toEqual(['Bella']);
  });

  it('lose no dog when several are added at once', async () => {
    const client = await createTestUser('client');
    const names = ['Ace', 'Bo', 'Cleo', 'Duke', 'Echo', 'Fig'];
    const answers = await Promise.all(names.map((n) => addDog(client.profileId, n)));
    expect(answers.map((a) => a.status)).toEqual(names.map(() => 201));
    expect((await namesOf(client))?.sort()).toEqual(names);
  });

  it('are read with the page of clients, without a query per client', async () => {
    const clients = await Promise.all(Array.from({ length: 6 }, () => createTestUser('client')));
    await Promise.all(clients.map((c, i) => addDog(c.profileId, `Pup${i}`)));
    // Other tests' clients share the book: page through it (by name) until these six are found.
    const ours: Awaited<ReturnType<typeof listClients>>['items'] = [];
    let cursor: Parameters<typeof listClients>[0]['cursor'] = null;
    do {
      dynamoCommandLog.clear();
      const page = await listClients({ filter: 'all', limit: 100, cursor });
      // A page of n clients (n >= 6 here until the last page) is read with fewer than n queries, no batch get.
      if (page.items.length >= 6) {
        expect(dynamoCommandLog.get('QueryCommand') ?? 0).toBeLessThan(page.items.length);
      }
      expect(dynamoCommandLog.get('BatchGetItemCommand') ?? 0).toBe(0);
      ours.push(...page.items.filter((p) => clients.some((c) => c.profileId === p.id)));
      cursor = page.cursor;
    } while (cursor && ours.length < clients.length);
    expect(ours.map((p) => p.dogNames?.map((d) => d.name))).toEqual(
      expect.arrayContaining(clients.map((_, i) => [`Pup${i}`])),
    );
  });

  it('are made from the dogs for a profile written before them: by its next dog write, or by the backfill', async () => {
    const [a, b] = await Promise.all([createTestUser('client'), createTestUser('client')]);
    for (const c of [a, b]) {
      expect((await addDog(c.profileId, 'Old')).status).toBe(201);
      await store().entities.profile.patch({ id: c.profileId }).remove(['dogNames']).go();
      expect((await listed(c)).dogNames).toBeUndefined();
    }
    expect((await addDog(a.profileId, 'New')).status).toBe(201);
    expect(await namesOf(a)).toEqual(['Old', 'New']);

    expect(await backfillDogNames()).toBeGreaterThanOrEqual(1);
    expect(await namesOf(b)).toEqual(['Old']);
    expect(await namesOf(a)).toEqual(['Old', 'New']);
  });
});
