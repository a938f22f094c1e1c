import { beforeAll, describe, expect, it } from 'vitest';
import { store } from '../../shared/db/service.js';
import { findClientNote } from '../../shared/domain/client-notes.js';
import { api, createTestUser, type TestUser } from '../support/api.js';
import { dogOf, PNG_1X1, uploadPhoto } from './matrix/dogs-and-notes.js';

let admin: TestUser;
let clientA: TestUser;

beforeAll(async () => {
  [admin, clientA] = await Promise.all([createTestUser('admin'), createTestUser('client')]);
});

const note = (over: Record<string, unknown> = {}) => ({
  title: 'Leash reactivity',
  content: 'Lunges at bicycles; work at distance.',
  noteType: 'behavioral',
  isImportant: false,
  ...over,
});
const addNote = (clientId: string, body: unknown, token = admin.idToken) =>
  api('POST', `/api/clients/${clientId}/notes`, { token, body });
const listNotes = (clientId: string, query = '') =>
  api('GET', `/api/clients/${clientId}/notes${query}`, { token: admin.idToken });

describe('client notes (admin only)', () => {
  it("creates notes signed with the admin's e-mail and lists them newest first", async () => {
    const client = await createTestUser('client');
    const first = await addNote(client.profileId, note({ title: '  First  ' }));
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body.note).toMatchObject({
      profileId: client.profileId,
      title: 'First',
      noteType: 'behavioral',
      isImportant: false,
      createdBy: admin.profileId,
      createdByEmail: admin.email,
    });
    await new Promise((r) => setTimeout(r, 5));
    const second = await addNote(client.profileId, { title: 'Second', content: 'Vaccines due', noteType: 'medical' });
    expect(second.status).toBe(201);
    expect(second.body.note.isImportant).toBe(false);
    await new Promise((r) => setTimeout(r, 5));
    await addNote(client.profileId, note({ title: 'Third', noteType: 'important', isImportant: true }));

    const list = await listNotes(client.profileId);
    expect(list.status).toBe(200);
    expect(list.body.items.map((n: { title: string }) => n.title)).toEqual(['Third', 'Second', 'First']);
    expect(list.body.items[0].isImportant).toBe(true);
    expect(list.body.cursor).toBeNull();

    const page1 = await listNotes(client.profileId, '?limit=2');
    expect(page1.body.items).toHaveLength(2);
    const page2 = await listNotes(client.profileId, `?limit=2&cursor=${encodeURIComponent(page1.body.cursor)}`);
    expect(page2.body.items.map((n: { title: string }) => n.title)).toEqual(['First']);
  });

  it('refuses bad input and extra fields, writing nothing; 404 for unknown or non-client profiles', async () => {
    const client = await createTestUser('client');
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '  ' }, 'Title is required'],
      [{ content: '' }, 'Content is required'],
      [{ noteType: 'secret' }, 'Note type must be important, training, behavioral, medical or general'],
      [{ isImportant: 'yes' }, 'isImportant must be true or false'],
    ];
    for (const [over, message] of cases) {
      const res = await addNote(client.profileId, note(over));
      expect(res.status).toBe(400);
      expect(res.body.error.message).toBe(message);
    }
    for (const extra of ['createdBy', 'createdByEmail', 'profileId', 'id']) {
      const res = await addNote(client.profileId, { ...note(), [extra]: 'x' });
      expect(res.status).toBe(400);
      expect(res.body.error.fields[extra]).toBeDefined();
    }
    expect((await listNotes(client.profileId)).body.items).toEqual([]);
    for (const id of ['00000000-0000-4000-8000-000000000000', admin.profileId]) {
      const res = await addNote(id, note());
      expect(res.status).toBe(404);
      expect(res.body.error.message).toBe('Client not found');
      expect((await listNotes(id)).status).toBe(404);
    }
  });

  it('edits and deletes a note; unknown ids answer 404; clients get 403 on every note route', async () => {
    const created = (await addNote(clientA.profileId, note())).body.note;
    const updated = await api('PATCH', `/api/notes/${created.id}`, {
      token: admin.idToken,
      body: note({
        title: 'Better now',
        content: 'Ignores bicycles at 10 m.',
        noteType: 'training',
        isImportant: true,
      }),
    });
    expect(updated.status).toBe(200);
    expect(updated.body.note).toMatchObject({
      id: created.id,
      title: 'Better now',
      noteType: 'training',
      isImportant: true,
      createdByEmail: admin.email,
      createdAt: created.createdAt,
    });
    const bad = await api('PATCH', `/api/notes/${created.id}`, {
      token: admin.idToken,
      body: { ...note(), createdByEmail: 'someone@else.test' },
    });
    expect(bad.status).toBe(400);
    expect((await findClientNote(created.id))?.createdByEmail).toBe(admin.email);

    const asClient = [
      api('GET', `/api/clients/${clientA.profileId}/notes`, { token: clientA.idToken }),
      addNote(clientA.profileId, note(), clientA.idToken),
      api('PATCH', `/api/notes/${created.id}`, { token: clientA.idToken, body: note() }),
      api('DELETE', `/api/notes/${created.id}`, { token: clientA.idToken }),
    ];
    for (const res of await Promise.all(asClient)) expect(res.status).toBe(403);

    expect((await api('DELETE', `/api/notes/${created.id}`, { token: admin.idToken })).status).toBe(204);
    expect(await findClientNote(created.id)).toBeUndefined();
    expect((await api('DELETE', `/api/notes/${created.id}`, { token: admin.idToken })).status).toBe(404);
    const missing = await api('PATCH', `/api/notes/${created.id}`, { token: admin.idToken, body: note() });
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toBe('Note not found');
    expect(await findClientNote(created.id)).toBeUndefined();
  });
});

/** Every key of a JSON value, at any depth. */
function allKeys(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) allKeys(v, into);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      into.add(k);
      allKeys(v, into);
    }
  }
  return into;
}

describe('no client-callable route returns the trainer notes', () => {
  it('GET /api/me, /api/me/dogs and /api/dogs/{id} carry neither profile notes nor client notes', async () => {
    const client = await createTestUser('client');
    const profileNote = 'PROFILE-NOTE-7f3a: owner tends to skip homework';
    const trainerNote = { title: 'TRAINER-NOTE-TITLE-91c2', content: 'TRAINER-NOTE-BODY-5d8e: fear of men in hats' };
    await store().entities.profile.patch({ id: client.profileId }).set({ notes: profileNote }).go();
    expect((await addNote(client.profileId, note({ ...trainerNote, isImportant: true }))).status).toBe(201);
    const dog = await dogOf(client.profileId, 'Pepper');
    await api('PATCH', `/api/dogs/${dog.id}`, {
      token: admin.idToken,
      body: { name: 'Pepper', breed: 'Poodle', birthDate: '2022-06-01', behavioralNotes: 'Shy with strangers' },
    });
    const key = await uploadPhoto(client.idToken, PNG_1X1);

    const responses = [
      await api('GET', '/api/me', { token: client.idToken }),
      await api('GET', '/api/me/dogs', { token: client.idToken }),
      await api('GET', `/api/dogs/${dog.id}`, { token: client.idToken }),
      await api('PUT', `/api/dogs/${dog.id}/photo`, { token: client.idToken, body: { key } }),
      await api('DELETE', `/api/dogs/${dog.id}/photo`, { token: client.idToken }),
    ];
    for (const res of responses) {
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const text = JSON.stringify(res.body);
      expect(allKeys(res.body).has('notes')).toBe(false);
      for (const secret of [profileNote, trainerNote.title, trainerNote.content, 'PROFILE-NOTE', 'TRAINER-NOTE']) {
        expect(text).not.toContain(secret);
      }
    }
    // The dog's own behavioural notes are part of the dog and are shown to its owner.
    expect(responses[2].body.dog.behavioralNotes).toBe('Shy with strangers');
  });
});
