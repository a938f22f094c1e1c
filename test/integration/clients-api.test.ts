import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findUserByEmail } from '../../shared/adapters/user-directory.js';
import { store } from '../../shared/db/service.js';
import { COUNTERS, readCounters } from '../../shared/domain/counters.js';
import { getProfileByEmail } from '../../shared/domain/profiles.js';
import { CLIENT_SEARCH_SCOPE, searchTokensFor } from '../../shared/domain/search.js';
import { api, busIdle, createTestUser, sesStore, signIn, type TestUser, waitFor } from '../support/api.js';

/** The client book through the HTTP API (handlers, authorization, emulators), as the trainer uses it. */

const tag = () => `t${randomUUID().replace(/-/g, '').slice(0, 10)}`;
const newEmail = (prefix = 'client') => `${prefix}-${randomUUID().slice(0, 12)}@example.com`;

let admin: TestUser;
const asAdmin = (method: string, path: string, body?: unknown) => api(method, path, { token: admin.idToken, body });

beforeAll(async () => {
  admin = await createTestUser('admin');
});

/** Every client a filter and search return, following the cursor to the last page. */
async function listAll(query: Record<string, string>): Promise<{ ids: string[]; pages: number }> {
  const ids: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const params = new URLSearchParams({ ...query, ...(cursor ? { cursor } : {}) });
    const res = await asAdmin('GET', `/api/clients?${params}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    ids.push(...res.body.items.map((c: { id: string }) => c.id));
    cursor = res.body.cursor;
    pages += 1;
  } while (cursor && pages < 50);
  return { ids, pages };
}

describe('POST /api/clients', () => {
  it('creates the Cognito user, the profile and an invitation whose link is e-mailed', async () => {
    const email = newEmail('Invited');
    const since = Math.floor(Date.now() / 1000) - 1;
    const res = await asAdmin('POST', '/api/clients', {
      firstName: '  Nora ',
      lastName: 'Baptiste',
      email: `  ${email.toUpperCase()} `,
      phone: '(941) 555-0142',
      address: '',
      emergencyContact: 'Luc Baptiste',
      emergencyPhone: '941-555-0143',
      howHeardAboutUs: 'Vet Recommendation',
      notes: 'Prefers mornings',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const lower = email.toLowerCase();
    const { client, invitationLink, temporaryPassword } = res.body;
    expect(client).toMatchObject({
      role: 'client',
      firstName: 'Nora',
      lastName: 'Baptiste',
      email: lower,
      phone: '(941) 555-0142',
      emergencyContact: 'Luc Baptiste',
      emergencyPhone: '941-555-0143',
      howHeardAboutUs: 'Vet Recommendation',
      notes: 'Prefers mornings',
      isActive: true,
      profileCompleted: false,
    });
    expect(client).not.toHaveProperty('address');
    expect(client).not.toHaveProperty('searchTokens');
    expect(client).not.toHaveProperty('listState');
    expect(temporaryPassword).toMatch(/^[A-Za-z0-9]{8}$/);
    expect(invitationLink).toMatch(/\/signup\?token=[\w-]+&email=/);
    expect(new URL(invitationLink).searchParams.get('email')).toBe(lower);

    const user = await findUserByEmail(lower);
    expect(user?.userId).toBe(client.userId);
    expect(user?.status).toBe('FORCE_CHANGE_PASSWORD');

    const token = new URL(invitationLink).searchParams.get('token') as string;
    const { data: invitation } = await store().entities.invitation.get({ token }).go();
    expect(invitation).toMatchObject({ email: lower, profileId: client.id, createdBy: admin.profileId });

    await busIdle();
    const mail = await waitFor(async () =>
      (await sesStore(since)).find((m) => m.destination.to.includes(lower) && m.body.text?.includes(invitationLink)),
    );
    expect(mail.body.text).toContain('Hi Nora,');

    const got = await asAdmin('GET', `/api/clients/${client.id}`);
    expect(got.status).toBe(200);
    expect(got.body.client).toEqual(client);
    expect(got.body.sessions).toEqual([]);
  });

  it('creates a client without an invitation when sendInvitation is false', async () => {
    const email = newEmail('uninvited');
    const since = Math.floor(Date.now() / 1000) - 1;
    const res = await asAdmin('POST', '/api/clients', {
      firstName: 'Omar',
      lastName: 'Haddad',
      email,
      sendInvitation: false,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).not.toHaveProperty('invitationLink');
    expect(res.body.temporaryPassword).toMatch(/^[A-Za-z0-9]{8}$/);
    expect((await findUserByEmail(email))?.status).toBe('FORCE_CHANGE_PASSWORD');
    const { data: invitations } = await store().entities.invitation.query.byEmail({ email }).go();
    expect(invitations).toEqual([]);
    await busIdle();
    expect((await sesStore(since)).filter((m) => m.destination.to.includes(email))).toEqual([]);
  });

  it('refuses a duplicate e-mail with 409 and writes nothing', async () => {
    const email = newEmail('dup');
    const first = await asAdmin('POST', '/api/clients', { firstName: 'Ada', lastName: 'One', email });
    expect(first.status).toBe(201);
    const again = await asAdmin('POST', '/api/clients', {
      firstName: 'Ada',
      lastName: 'Two',
      email: email.toUpperCase(),
      sendInvitation: false,
    });
    expect(again.status).toBe(409);
    expect(again.body.error.message).toBe(
      `An authentication account already exists for ${email}. Please delete the existing user first, or use a different email.`,
    );
    const found = await listAll({ filter: 'all', search: email });
    expect(found.ids).toEqual([first.body.client.id]);
    expect((await getProfileByEmail(email))?.lastName).toBe('One');
    const { data: invitations } = await store().entities.invitation.query.byEmail({ email }).go();
    expect(invitations).toHaveLength(1);
  });

  it('refuses an e-mail whose profile exists without a sign-in, leaving no orphan Cognito user', async () => {
    const email = newEmail('orphan');
    const { createProfile } = await import('../../shared/domain/profiles.js');
    const existing = await createProfile({ userId: randomUUID(), role: 'client', firstName: 'Old', email });
    const res = await asAdmin('POST', '/api/clients', { firstName: 'New', lastName: 'Person', email });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe(`A client account already exists for ${email}`);
    expect(await findUserByEmail(email)).toBeUndefined();
    expect((await getProfileByEmail(email))?.id).toBe(existing.id);
    const { data: invitations } = await store().entities.invitation.query.byEmail({ email }).go();
    expect(invitations).toEqual([]);
  });

  it.each([
    [{ lastName: 'X', email: 'a@example.com' }, 'First name is required'],
    [{ firstName: '   ', lastName: 'X', email: 'a@example.com' }, 'First name is required'],
    [{ firstName: 'A', email: 'a@example.com' }, 'Last name is required'],
    [{ firstName: 'A', lastName: 'X' }, 'Email is required'],
    [{ firstName: 'A', lastName: 'X', email: 'not-an-email' }, 'Email must be a valid email address'],
    [{ firstName: 'A', lastName: 'X', email: 'a@example.com', role: 'admin' }, 'role is not an accepted field'],
    [{ firstName: 'A', lastName: 'X', email: 'a@example.com', isActive: false }, 'isActive is not an accepted field'],
    [{ firstName: 'A', lastName: 'X', email: 'a@example.com', phone: 5 }, 'Phone must be text'],
    [
      { firstName: 'A', lastName: 'X', email: 'a@example.com', sendInvitation: 'yes' },
      'sendInvitation must be true or false',
    ],
    [
      { firstName: 'A'.repeat(101), lastName: 'X', email: 'a@example.com' },
      'First name must be at most 100 characters',
    ],
    [
      { firstName: 'A', lastName: 'X', email: 'a@example.com', notes: 'n'.repeat(5001) },
      'Notes must be at most 5000 characters',
    ],
  ])('refuses bad input %j with 400 and writes nothing', async (body, message) => {
    const email = (body as { email?: string }).email;
    const res = await asAdmin(
      'POST',
      '/api/clients',
      email === 'a@example.com' ? { ...body, email: newEmail('bad') } : body,
    );
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
  });

  it('writes nothing for refused input', async () => {
    const email = newEmail('refused');
    const res = await asAdmin('POST', '/api/clients', { firstName: 'A', lastName: 'B', email, role: 'admin' });
    expect(res.status).toBe(400);
    expect(await findUserByEmail(email)).toBeUndefined();
    expect(await getProfileByEmail(email)).toBeUndefined();
  });
});

describe('GET /api/clients', () => {
  const t = tag();
  const ids: Record<'complete' | 'incomplete' | 'inactive' | 'second', string> = {
    complete: '',
    incomplete: '',
    inactive: '',
    second: '',
  };

  beforeAll(async () => {
    const complete = await createTestUser('client', { firstName: 'Beatrix', lastName: `Quill${t}` });
    ids.complete = complete.profileId;
    const incomplete = await asAdmin('POST', '/api/clients', {
      firstName: 'Cyrus',
      lastName: `Quill${t}`,
      email: `cyrus.${t}@example.com`,
      phone: '(941) 555-8821',
      sendInvitation: false,
    });
    ids.incomplete = incomplete.body.client.id;
    const inactive = await asAdmin('POST', '/api/clients', {
      firstName: 'Delia',
      lastName: `Quill${t}`,
      email: `delia.${t}@example.com`,
      sendInvitation: false,
    });
    ids.inactive = inactive.body.client.id;
    expect((await asAdmin('POST', `/api/clients/${ids.inactive}/deactivate`)).status).toBe(200);
    const second = await asAdmin('POST', '/api/clients', {
      firstName: 'Elio',
      lastName: `Quill${t}`,
      email: `elio.${t}@example.com`,
      sendInvitation: false,
    });
    ids.second = second.body.client.id;
  });

  it('filters by state, active by default; all lists active clients, deactivated the others', async () => {
    const sorted = (a: string[]) => [...a].sort();
    expect(sorted((await listAll({ search: `quill${t}` })).ids)).toEqual(
      sorted([ids.complete, ids.incomplete, ids.second]),
    );
    expect(sorted((await listAll({ filter: 'active', search: `quill${t}` })).ids)).toEqual(
      sorted([ids.complete, ids.incomplete, ids.second]),
    );
    expect((await listAll({ filter: 'completed', search: `quill${t}` })).ids).toEqual([ids.complete]);
    expect(sorted((await listAll({ filter: 'incomplete', search: `quill${t}` })).ids)).toEqual(
      sorted([ids.incomplete, ids.second]),
    );
    const all = await asAdmin('GET', `/api/clients?filter=all&search=QUILL${t}`);
    expect(all.body.items.map((c: { firstName: string }) => c.firstName)).toEqual(['Beatrix', 'Cyrus', 'Elio']);
    const deactivated = await asAdmin('GET', `/api/clients?filter=deactivated&search=QUILL${t}`);
    expect(deactivated.body.items.map((c: { id: string }) => c.id)).toEqual([ids.inactive]);
    const delia = deactivated.body.items[0];
    expect(delia.isActive).toBe(false);
    expect(delia).not.toHaveProperty('searchTokens');
    // Without a search too: the deactivated list holds her, the default one does not.
    expect((await listAll({ filter: 'deactivated', limit: '100' })).ids).toContain(ids.inactive);
  });

  it('searches first name, last name, e-mail and phone, case-insensitively and by partial words', async () => {
    const find = async (search: string) => (await listAll({ filter: 'all', search })).ids;
    expect(await find(`cyrus quill${t}`)).toEqual([ids.incomplete]);
    expect(await find(`CYRUS.${t}@EXA`)).toEqual([ids.incomplete]);
    expect(await find(`quill${t.slice(0, 6)}`)).toEqual(
      expect.arrayContaining([ids.complete, ids.incomplete, ids.second]),
    );
    expect(await find('555-8821')).toContain(ids.incomplete);
    expect(await find('8821')).toContain(ids.incomplete);
    expect(await find(`nobody${t}`)).toEqual([]);
  });

  it('pages with a server cursor without repeating or losing a client', async () => {
    const first = await asAdmin('GET', `/api/clients?filter=all&limit=1&search=quill${t}`);
    expect(first.status).toBe(200);
    expect(first.body.cursor).toEqual(expect.any(String));
    const paged = await listAll({ filter: 'all', limit: '1', search: `quill${t}` });
    expect(paged.pages).toBeGreaterThan(1);
    expect(new Set(paged.ids).size).toBe(paged.ids.length);
    expect([...paged.ids].sort()).toEqual([ids.complete, ids.incomplete, ids.second].sort());

    // Without a search: pages of the index, each with at most `limit` clients.
    const p1 = await asAdmin('GET', '/api/clients?filter=all&limit=2');
    expect(p1.body.items).toHaveLength(2);
    const p2 = await asAdmin('GET', `/api/clients?filter=all&limit=2&cursor=${encodeURIComponent(p1.body.cursor)}`);
    expect(p2.status).toBe(200);
    const ids1 = p1.body.items.map((c: { id: string }) => c.id);
    for (const c of p2.body.items) expect(ids1).not.toContain(c.id);
    expect(p1.body.items.every((c: { role: string }) => c.role === 'client')).toBe(true);
  });

  it.each([
    ['filter=archived', 'filter must be all, active, completed or incomplete'],
    ['limit=0', undefined],
    ['limit=101', undefined],
    ['role=admin', 'role is not an accepted field'],
    [`search=${'x'.repeat(101)}`, 'search must be at most 100 characters'],
    ['cursor=%%%not-base64', 'Invalid cursor'],
  ])('refuses the query %s with 400', async (query, message) => {
    const res = await asAdmin('GET', `/api/clients?${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    if (message) expect(res.body.error.message).toBe(message);
  });
});

describe('PATCH /api/clients/{id}', () => {
  let client: TestUser;
  beforeAll(async () => {
    client = await createTestUser('client', { firstName: 'Fern', lastName: 'Ito' });
    await store().entities.profile.patch({ id: client.profileId }).set({ address: '1 Old Rd', phone: '1' }).go();
  });

  it('trims text, stores empty fields as nothing, keeps the e-mail', async () => {
    const res = await asAdmin('PATCH', `/api/clients/${client.profileId}`, {
      firstName: '  Fernanda ',
      lastName: ' Ito-Reyes ',
      phone: '  ',
      address: '',
      emergencyContact: '  Kai Ito  ',
      notes: ' Nervous around bikes ',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.client).toMatchObject({
      id: client.profileId,
      firstName: 'Fernanda',
      lastName: 'Ito-Reyes',
      emergencyContact: 'Kai Ito',
      notes: 'Nervous around bikes',
      email: client.email,
    });
    expect(res.body.client).not.toHaveProperty('phone');
    expect(res.body.client).not.toHaveProperty('address');
    const got = await asAdmin('GET', `/api/clients/${client.profileId}`);
    expect(got.body.client).toEqual(res.body.client);
    expect((await listAll({ filter: 'all', search: 'fernanda ito' })).ids).toContain(client.profileId);
  });

  it("takes the edit screen's how-heard list, and keeps a stored answer from the create list when left out", async () => {
    await store().entities.profile.patch({ id: client.profileId }).set({ howHeardAboutUs: 'Walk-in' }).go();
    const names = { firstName: 'Fernanda', lastName: 'Ito-Reyes' };
    const kept = await asAdmin('PATCH', `/api/clients/${client.profileId}`, names);
    expect(kept.status, JSON.stringify(kept.body)).toBe(200);
    expect(kept.body.client.howHeardAboutUs).toBe('Walk-in');
    const refused = await asAdmin('PATCH', `/api/clients/${client.profileId}`, {
      ...names,
      howHeardAboutUs: 'Walk-in',
    });
    expect(refused.status).toBe(400);
    const changed = await asAdmin('PATCH', `/api/clients/${client.profileId}`, { ...names, howHeardAboutUs: 'Yelp' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect((await asAdmin('GET', `/api/clients/${client.profileId}`)).body.client.howHeardAboutUs).toBe('Yelp');
    const created = await asAdmin('POST', '/api/clients', {
      firstName: 'Ada',
      lastName: 'Heard',
      email: newEmail('Heard'),
      howHeardAboutUs: 'Yelp',
      sendInvitation: false,
    });
    expect(created.status).toBe(400);
  });

  it.each([
    ['email', 'someone-else@example.com'],
    ['role', 'admin'],
    ['isActive', false],
    ['userId', 'abc'],
    ['profileCompleted', true],
  ])('refuses %s with 400 and changes nothing', async (field, value) => {
    const before = (await asAdmin('GET', `/api/clients/${client.profileId}`)).body.client;
    const res = await asAdmin('PATCH', `/api/clients/${client.profileId}`, {
      firstName: 'Changed',
      lastName: 'Changed',
      [field]: value,
    });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(`${field} is not an accepted field`);
    const after = (await asAdmin('GET', `/api/clients/${client.profileId}`)).body.client;
    expect(after).toEqual(before);
  });

  it.each([
    [{ lastName: 'X' }, 'First name and last name are required'],
    [{ firstName: 'X', lastName: '   ' }, 'First name and last name are required'],
    [{ firstName: 'X', lastName: 'Y', phone: 12 }, 'Phone must be text'],
    [{ firstName: 'X', lastName: 'Y', address: 'a'.repeat(301) }, 'Address must be at most 300 characters'],
  ])('refuses %j with 400', async (body, message) => {
    const res = await asAdmin('PATCH', `/api/clients/${client.profileId}`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(message);
  });

  it('answers 404 for an unknown id and for an admin', async () => {
    const body = { firstName: 'A', lastName: 'B' };
    const unknown = await asAdmin('PATCH', `/api/clients/${randomUUID()}`, body);
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Client not found');
    expect((await asAdmin('PATCH', `/api/clients/${admin.profileId}`, body)).status).toBe(404);
    expect((await asAdmin('GET', `/api/clients/${admin.profileId}`)).status).toBe(404);
    const me = await api('GET', '/api/me', { token: admin.idToken });
    expect(me.body.profile.firstName).toBe('Test Admin');
  });
});

describe('deactivation and full deletion', () => {
  it('deactivates: the client is refused by the API and leaves the active list', async () => {
    const c = await createTestUser('client');
    expect((await api('GET', '/api/me', { token: c.idToken })).status).toBe(200);
    const res = await asAdmin('POST', `/api/clients/${c.profileId}/deactivate`);
    expect(res.status).toBe(200);
    expect(res.body.client).toMatchObject({ id: c.profileId, isActive: false });
    const me = await api('GET', '/api/me', { token: c.idToken });
    expect(me.status).toBe(403);
    expect(me.body.error.message).toBe('This account has been deactivated');
    expect((await findUserByEmail(c.email))?.enabled).toBe(false);
    expect((await listAll({ search: c.email })).ids).toEqual([]);
    expect((await listAll({ filter: 'all', search: c.email })).ids).toEqual([]);
    expect((await listAll({ filter: 'deactivated', search: c.email })).ids).toEqual([c.profileId]);
    // Again: nothing changes.
    expect((await asAdmin('POST', `/api/clients/${c.profileId}/deactivate`)).status).toBe(200);
  });

  it('reactivates: the client is back under All, counted as active, and can sign in and use the API again', async () => {
    const c = await createTestUser('client');
    expect((await asAdmin('POST', `/api/clients/${c.profileId}/deactivate`)).status).toBe(200);
    const active = async () => (await readCounters([COUNTERS.activeClients]))[COUNTERS.activeClients];
    const before = await active();
    const res = await asAdmin('POST', `/api/clients/${c.profileId}/reactivate`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.client).toMatchObject({ id: c.profileId, isActive: true });
    expect((await findUserByEmail(c.email))?.enabled).toBe(true);
    const fresh = await signIn(c.email, c.password);
    expect((await api('GET', '/api/me', { token: fresh.idToken })).status).toBe(200);
    expect((await listAll({ filter: 'all', search: c.email })).ids).toEqual([c.profileId]);
    expect((await listAll({ filter: 'deactivated', search: c.email })).ids).toEqual([]);
    expect(await active()).toBe(before + 1);
    // Again: nothing changes.
    expect((await asAdmin('POST', `/api/clients/${c.profileId}/reactivate`)).body.client.isActive).toBe(true);
    expect(await active()).toBe(before + 1);
  });

  it('deletes permanently: the client can no longer call the API and is gone', async () => {
    const c = await createTestUser('client');
    await store()
      .entities.dog.create({ profileId: c.profileId, name: 'Rex', breed: 'Mix', birthDate: '2021-01-01' })
      .go();
    const res = await asAdmin('DELETE', `/api/clients/${c.profileId}`);
    expect(res.status).toBe(204);
    expect((await api('GET', '/api/me', { token: c.idToken })).status).toBe(403);
    const got = await asAdmin('GET', `/api/clients/${c.profileId}`);
    expect(got.status).toBe(404);
    expect(got.body.error.message).toBe('Client not found');
    expect(await findUserByEmail(c.email)).toBeUndefined();
    expect((await listAll({ filter: 'all', search: c.email })).ids).toEqual([]);
    const { data: dogs } = await store().entities.dog.query.byProfile({ profileId: c.profileId }).go();
    expect(dogs).toEqual([]);
    expect((await asAdmin('DELETE', `/api/clients/${c.profileId}`)).status).toBe(404);
  });

  it('refuses an unknown id, a malformed id and an admin id, changing nothing', async () => {
    expect((await asAdmin('POST', `/api/clients/${randomUUID()}/deactivate`)).status).toBe(404);
    expect((await asAdmin('DELETE', `/api/clients/${randomUUID()}`)).status).toBe(404);
    expect((await asAdmin('GET', `/api/clients/${'x'.repeat(101)}`)).status).toBe(400);
    expect((await asAdmin('GET', '/api/clients/a.b')).status).toBe(400);
    expect((await asAdmin('POST', `/api/clients/${admin.profileId}/deactivate`)).status).toBe(404);
    expect((await asAdmin('DELETE', `/api/clients/${admin.profileId}`)).status).toBe(404);
    expect((await api('GET', '/api/me', { token: admin.idToken })).status).toBe(200);
  });

  it('refuses clients with 403 on every client book route', async () => {
    const c = await createTestUser('client');
    const other = await createTestUser('client');
    const calls: [string, string, unknown?][] = [
      ['GET', '/api/clients'],
      ['POST', '/api/clients', { firstName: 'A', lastName: 'B', email: newEmail() }],
      ['GET', `/api/clients/${c.profileId}`],
      ['PATCH', `/api/clients/${other.profileId}`, { firstName: 'A', lastName: 'B' }],
      ['POST', `/api/clients/${other.profileId}/deactivate`],
      ['DELETE', `/api/clients/${other.profileId}`],
    ];
    for (const [method, path, body] of calls) {
      const res = await api(method, path, { token: c.idToken, body });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    expect((await api('GET', '/api/me', { token: other.idToken })).body.profile.firstName).toBe('Test Client');
  });
});

describe('GET /api/clients?search= in a big book', () => {
  // A book past a thousand clients sharing one surname: written in batches (like the demo seed), removed after.
  const t = tag();
  const surname = `Holloway${t}`;
  const made: { id: string; tokens: string[] }[] = [];
  const FAR = 1_050;

  beforeAll(async () => {
    const e = store().entities;
    const profiles: Record<string, unknown>[] = [];
    const tokens: Record<string, unknown>[] = [];
    for (let n = 0; n <= FAR; n++) {
      const id = randomUUID();
      // First names in alphabetical order of n; the last one, far past the first thousand, is Zinnia.
      const firstName = n === FAR ? 'Zinnia' : `Aster${String(n).padStart(4, '0')}`;
      const email = `${firstName}.${t}@example.com`.toLowerCase();
      const words = searchTokensFor({ firstName, lastName: surname, email });
      profiles.push({
        id,
        userId: `big-${id}`,
        role: 'client',
        firstName,
        lastName: surname,
        email,
        profileCompleted: true,
        onboardingStep: 3,
        isActive: true,
        listState: 'complete',
        searchTokens: words,
      });
      for (const token of words)
        tokens.push({ scope: CLIENT_SEARCH_SCOPE, shard: [...token][0], token, profileId: id });
      made.push({ id, tokens: words });
    }
    await e.profile.put(profiles as never[]).go({ concurrent: 4 });
    await e.searchToken.put(tokens as never[]).go({ concurrent: 4 });
  }, 300_000);

  afterAll(async () => {
    const e = store().entities;
    await e.searchToken
      .delete(
        made.flatMap((m) =>
          m.tokens.map((token) => ({ scope: CLIENT_SEARCH_SCOPE, shard: [...token][0], token, profileId: m.id })),
        ),
      )
      .go({ concurrent: 4 });
    await e.profile.delete(made.map((m) => ({ id: m.id }))).go({ concurrent: 4 });
  }, 300_000);

  it('finds a client past the first thousand by part of a name, on the first page', async () => {
    const far = made[FAR].id;
    const res = await asAdmin('GET', `/api/clients?${new URLSearchParams({ filter: 'active', search: 'zinn' })}`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((c: { id: string }) => c.id)).toEqual([far]);
  });

  it('pages a search matching all of them to the last one without repeats', async () => {
    const { ids } = await listAll({ filter: 'active', search: surname, limit: '100' });
    expect(ids).toHaveLength(made.length);
    expect(new Set(ids).size).toBe(made.length);
    expect(ids).toContain(made[FAR].id);
    // Pages of 25 too (a picker's page): the cursor stays valid however deep the search goes.
    const small = await listAll({ filter: 'active', search: surname.toLowerCase(), limit: '25' });
    expect(small.ids).toHaveLength(made.length);
    expect(new Set(small.ids).size).toBe(made.length);
  });
});
