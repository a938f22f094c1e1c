import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CLIENT_ID_MESSAGE,
  CLIENT_POST_LIMIT_MESSAGE,
  MAX_POST_CONTENT,
  POST_TOO_LONG_MESSAGE,
} from '../../shared/contracts/conversations.js';
import { store } from '../../shared/db/service.js';
import { deactivateClient } from '../../shared/domain/clients.js';
import { clientPostLimitKey, startConversation, threadPosts } from '../../shared/domain/conversations.js';
import { freshProfile } from '../../shared/domain/profiles.js';
import { api, createTestUser, type TestUser } from '../support/api.js';

/**
 * Conversations between a client and the trainer (docs/decisions/0047-conversations.md): a client
 * replies to a message or starts a conversation, the trainer's inbox shows it unread and answers in the
 * thread, read receipts both ways; a client reaches only their own and cannot write when deactivated,
 * at most 30 posts an hour and 5,000 characters each; the trainer's notes never appear.
 */

let admin: TestUser;

const as = (u: TestUser) => ({
  get: (path: string) => api('GET', path, { token: u.idToken }),
  post: (path: string, body?: unknown) => api('POST', path, { token: u.idToken, body }),
});

beforeAll(async () => {
  admin = await createTestUser('admin');
});

async function messageTo(client: TestUser, subject = 'Homework for Rex') {
  const res = await as(admin).post('/api/messages', {
    recipientIds: [client.profileId],
    subject,
    content: 'Practise **sit** twice a day.',
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.messageIds[0] as string;
}

async function start(client: TestUser, subject = 'Moving Thursday', content = 'Could we move to Friday?') {
  const res = await as(client).post('/api/me/conversations', { subject, content });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { threadId: string; entries: { id: string; from: string; content: string; readAt?: string }[] };
}

const postsOf = async (threadId: string) => (await threadPosts(threadId)).length;

describe('a client writes to the trainer', () => {
  it('starts a conversation the trainer sees unread, answers in the thread, with read receipts both ways', async () => {
    const client = await createTestUser('client', { firstName: 'Tessa' });
    const c = await start(client, 'Moving Thursday', 'Could we **move** to Friday?');
    expect(c.entries).toMatchObject([{ from: 'client', content: 'Could we **move** to Friday?' }]);
    expect(c.entries[0].readAt).toBeUndefined();

    // The trainer's inbox: the conversation unread, in the unread filter and the client's filter.
    const all = await as(admin).get('/api/conversations?limit=100');
    expect(all.status).toBe(200);
    expect(all.body.items[0]).toMatchObject({ threadId: c.threadId, unread: 1, lastFrom: 'client' });
    const unreadOnly = await as(admin).get('/api/conversations?filter=unread&limit=100');
    expect(unreadOnly.body.items.map((i: { threadId: string }) => i.threadId)).toContain(c.threadId);
    const ofClient = await as(admin).get(`/api/conversations?clientId=${client.profileId}`);
    expect(ofClient.body.items).toEqual([
      expect.objectContaining({ threadId: c.threadId, subject: 'Moving Thursday', unread: 1 }),
    ]);
    const total = await as(admin).get('/api/conversations/unread-count');
    expect(total.body.count).toBeGreaterThanOrEqual(1);

    // The trainer opens it: the client's post shows read (its receipt), the filter no longer lists it.
    expect((await as(admin).post(`/api/conversations/${c.threadId}/read`)).body).toEqual({ changed: true });
    expect((await as(admin).post(`/api/conversations/${c.threadId}/read`)).body).toEqual({ changed: false });
    const mine = await as(client).get(`/api/me/conversations/${c.threadId}`);
    expect(mine.body.entries[0].readAt).toBeTypeOf('string');
    const unreadAfter = await as(admin).get(`/api/conversations?clientId=${client.profileId}&filter=unread`);
    expect(unreadAfter.body.items).toEqual([]);

    // The trainer answers in the thread: newest last, unread for the client until opened.
    const answer = await as(admin).post(`/api/conversations/${c.threadId}/posts`, { content: 'Friday at 10 works.' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body.entries.map((e: { from: string }) => e.from)).toEqual(['client', 'trainer']);
    const list = await as(client).get('/api/me/conversations');
    expect(list.body.items).toEqual([
      expect.objectContaining({ threadId: c.threadId, unread: 1, lastFrom: 'trainer' }),
    ]);
    expect((await as(client).post(`/api/me/conversations/${c.threadId}/read`)).body).toEqual({ changed: true });
    const seen = await as(admin).get(`/api/conversations/${c.threadId}`);
    expect(seen.body.entries[1]).toMatchObject({ from: 'trainer', content: 'Friday at 10 works.' });
    expect(seen.body.entries[1].readAt).toBeTypeOf('string');
    expect((await as(client).get('/api/me/conversations')).body.items[0].unread).toBe(0);

    // The client writes again in the same thread.
    const again = await as(client).post(`/api/me/conversations/${c.threadId}/posts`, { content: 'Thank you!' });
    expect(again.status).toBe(201);
    expect(again.body.entries.map((e: { content: string }) => e.content)).toEqual([
      'Could we **move** to Friday?',
      'Friday at 10 works.',
      'Thank you!',
    ]);
  });

  it('counts unread conversations for the navigation, not posts: a second post adds none, reading or answering one takes it out', async () => {
    const client = await createTestUser('client');
    const count = async () => (await as(admin).get('/api/conversations/unread-count')).body.count as number;
    const before = await count();
    const first = await start(client, 'First', 'One');
    expect(await count()).toBe(before + 1);
    expect((await as(client).post(`/api/me/conversations/${first.threadId}/posts`, { content: 'Two' })).status).toBe(
      201,
    );
    expect(await count()).toBe(before + 1);
    const second = await start(client, 'Second', 'Three');
    expect(await count()).toBe(before + 2);
    expect((await as(admin).post(`/api/conversations/${first.threadId}/read`)).body).toEqual({ changed: true });
    expect(await count()).toBe(before + 1);
    expect((await as(admin).post(`/api/conversations/${second.threadId}/posts`, { content: 'Answer' })).status).toBe(
      201,
    );
    expect(await count()).toBe(before);
    // Unread again after the client's next post; the client's full deletion takes it out.
    expect((await as(client).post(`/api/me/conversations/${second.threadId}/posts`, { content: 'Four' })).status).toBe(
      201,
    );
    expect(await count()).toBe(before + 1);
    expect((await api('DELETE', `/api/clients/${client.profileId}`, { token: admin.idToken })).status).toBe(204);
    expect(await count()).toBe(before);
  });

  it('replies to a received message in that message’s thread, the message first, subject "Re: …"', async () => {
    const client = await createTestUser('client');
    const id = await messageTo(client, 'Homework for Rex');
    const threadId = (await as(admin).get(`/api/messages/${id}`)).body.threadId as string;
    const first = await as(client).post(`/api/me/messages/${id}/replies`, { content: 'Done today!' });
    expect(first.status, JSON.stringify(first.body)).toBe(201);
    expect(first.body).toMatchObject({ threadId, subject: 'Re: Homework for Rex' });
    expect(first.body.entries).toMatchObject([
      { id, from: 'trainer', content: 'Practise **sit** twice a day.' },
      { from: 'client', content: 'Done today!' },
    ]);
    const second = await as(client).post(`/api/me/messages/${id}/replies`, {
      content: 'And again.',
      subject: 'Ignored',
    });
    expect(second.status).toBe(201);
    expect(second.body.threadId).toBe(threadId);
    expect(second.body.subject).toBe('Re: Homework for Rex');
    expect(second.body.entries).toHaveLength(3);
    expect((await as(client).get('/api/me/conversations')).body.items).toHaveLength(1);
    const other = await as(client).post(`/api/me/messages/${await messageTo(client, 'Week 2')}/replies`, {
      subject: 'About week 2',
      content: 'Question',
    });
    expect(other.body.subject).toBe('About week 2');
  });
});

describe('the trainer’s inbox filtered by client', () => {
  const threadsOf = (res: { body: { items: { threadId: string; clientId: string }[] } }) =>
    res.body.items.map((i) => i.threadId);

  it('lists only that client’s conversations, newest first, a page at a time', async () => {
    const [a, b] = await Promise.all([createTestUser('client'), createTestUser('client')]);
    const first = await start(a, 'First');
    const ofB = await start(b, 'Of B');
    const second = await start(a, 'Second');
    const third = await start(a, 'Third');
    // The oldest one gets the newest post: it comes first.
    expect((await as(a).post(`/api/me/conversations/${first.threadId}/posts`, { content: 'Again' })).status).toBe(201);

    const page1 = await as(admin).get(`/api/conversations?clientId=${a.profileId}&limit=2`);
    expect(page1.status, JSON.stringify(page1.body)).toBe(200);
    expect(threadsOf(page1)).toEqual([first.threadId, third.threadId]);
    expect(page1.body.items.every((i: { clientId: string }) => i.clientId === a.profileId)).toBe(true);
    expect(page1.body.cursor).toBeTypeOf('string');
    const cursor = encodeURIComponent(page1.body.cursor);
    const page2 = await as(admin).get(`/api/conversations?clientId=${a.profileId}&limit=2&cursor=${cursor}`);
    expect(threadsOf(page2)).toEqual([second.threadId]);
    expect(page2.body.cursor ?? null).toBeNull();
    // A cursor belongs to its filter: another client's list does not take it.
    expect((await as(admin).get(`/api/conversations?clientId=${b.profileId}&limit=2&cursor=${cursor}`)).status).toBe(
      400,
    );
    expect(threadsOf(await as(admin).get(`/api/conversations?clientId=${b.profileId}`))).toEqual([ofB.threadId]);

    // With the unread filter: only that client's unread ones.
    expect((await as(admin).post(`/api/conversations/${third.threadId}/read`)).status).toBe(200);
    const unread = await as(admin).get(`/api/conversations?clientId=${a.profileId}&filter=unread`);
    expect(threadsOf(unread)).toEqual([first.threadId, second.threadId]);
  });

  it('refuses an id that is not a client’s (400 with a clear text); a client with none has an empty list', async () => {
    for (const bad of ['not-an-id', '', `${randomUUID()}x`, "'; DROP"]) {
      const res = await as(admin).get(`/api/conversations?clientId=${encodeURIComponent(bad)}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error.message).toBe(CLIENT_ID_MESSAGE);
    }
    const none = await as(admin).get(`/api/conversations?clientId=${randomUUID()}`);
    expect(none.status).toBe(200);
    expect(none.body.items).toEqual([]);
    // The inbox is the trainer's: a client cannot read it, filtered or not.
    const client = await createTestUser('client');
    expect((await as(client).get(`/api/conversations?clientId=${client.profileId}`)).status).toBe(403);
  });
});

describe('the trainer’s answer fills compose’s placeholders for the conversation’s client', () => {
  it('replaces {client_name} and {full_name} (not {dog_name}) in the trainer’s post only', async () => {
    const client = await createTestUser('client', { firstName: 'Tessa', lastName: 'Quill' });
    const c = await start(client, 'Homework', 'What about {client_name}?');
    const answer = await as(admin).post(`/api/conversations/${c.threadId}/posts`, {
      content: 'Hi {client_name}! **{full_name}**, {dog_name} did well.',
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    const seen = await as(client).get(`/api/me/conversations/${c.threadId}`);
    expect(seen.body.entries.map((e: { content: string }) => e.content)).toEqual([
      'What about {client_name}?',
      'Hi Tessa! **Tessa Quill**, {dog_name} did well.',
    ]);
    expect(answer.body.entries[1].content).toBe('Hi Tessa! **Tessa Quill**, {dog_name} did well.');
    expect((await as(client).get('/api/me/conversations')).body.items[0].lastPreview).toBe(
      'Hi Tessa! **Tessa Quill**, {dog_name} did well.',
    );
  });

  it('refuses (400, nothing written) a post the client’s name makes longer than 5,000 characters', async () => {
    const client = await createTestUser('client', { firstName: 'Tessa', lastName: 'Featherstonehaugh-Wolfe' });
    const c = await start(client);
    const written = '{full_name} '.repeat(400).trim();
    expect(written.length).toBeLessThanOrEqual(MAX_POST_CONTENT);
    const res = await as(admin).post(`/api/conversations/${c.threadId}/posts`, { content: written });
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(POST_TOO_LONG_MESSAGE);
    expect(await postsOf(c.threadId)).toBe(1);
    expect((await as(admin).get(`/api/conversations/${c.threadId}`)).body.unread).toBe(1);
  });
});

describe('the server’s rules', () => {
  it('a client reaches only their own conversations; another client sees nothing of them', async () => {
    const [a, b] = await Promise.all([createTestUser('client'), createTestUser('client')]);
    const c = await start(a, 'Private', `secret-${randomUUID()}`);
    const messageOfA = await messageTo(a);
    expect((await as(b).get(`/api/me/conversations/${c.threadId}`)).status).toBe(404);
    expect((await as(b).post(`/api/me/conversations/${c.threadId}/posts`, { content: 'hi' })).status).toBe(404);
    expect((await as(b).post(`/api/me/conversations/${c.threadId}/read`)).status).toBe(404);
    expect((await as(b).post(`/api/me/messages/${messageOfA}/replies`, { content: 'hi' })).status).toBe(404);
    expect((await as(b).get('/api/me/conversations')).body.items).toEqual([]);
    const exportOfB = await as(b).get('/api/me/export');
    expect(exportOfB.body.conversations).toEqual([]);
    expect(JSON.stringify(exportOfB.body)).not.toContain(c.entries[0].content);
    expect(await postsOf(c.threadId)).toBe(1);
  });

  it('writes only to the trainer: a recipient, an author or a thread in the body is refused', async () => {
    const [a, b] = await Promise.all([createTestUser('client'), createTestUser('client')]);
    for (const extra of [{ recipientId: b.profileId }, { recipientIds: [b.profileId] }, { from: 'trainer' }]) {
      const res = await as(a).post('/api/me/conversations', { subject: 'S', content: 'C', ...extra });
      expect(res.status).toBe(400);
    }
    expect((await as(a).get('/api/me/conversations')).body.items).toEqual([]);
  });

  it('a deactivated client cannot write (403 with a clear text) and nothing is written', async () => {
    const client = await createTestUser('client');
    const c = await start(client);
    const id = await messageTo(client);
    await deactivateClient(client.profileId);
    for (const res of [
      await as(client).post('/api/me/conversations', { subject: 'S', content: 'C' }),
      await as(client).post(`/api/me/conversations/${c.threadId}/posts`, { content: 'C' }),
      await as(client).post(`/api/me/messages/${id}/replies`, { content: 'C' }),
    ]) {
      expect(res.status).toBe(403);
      expect(res.body.error.message).toBe('This account has been deactivated');
    }
    expect(await postsOf(c.threadId)).toBe(1);
    const { data } = await store().entities.conversation.query.byClient({ profileId: client.profileId }).go();
    expect(data).toHaveLength(1);
  });

  it('takes at most 30 posts an hour from a client: the 31st is refused and writes nothing', async () => {
    const client = await createTestUser('client');
    const profile = await freshProfile(client.profileId);
    const hour = Date.UTC(2030, 0, 1, 10, 0, 0);
    for (let i = 0; i < 30; i++) {
      await startConversation(profile, { subject: `Q${i}`, content: 'C' }, { now: hour + i * 60_000 });
    }
    await expect(
      startConversation(profile, { subject: 'Q31', content: 'C' }, { now: hour + 59 * 60_000 }),
    ).rejects.toThrow(CLIENT_POST_LIMIT_MESSAGE);
    const { data } = await store()
      .entities.conversation.query.byClient({ profileId: client.profileId })
      .go({ pages: 'all' });
    expect(data).toHaveLength(30);
    // The next hour takes posts again.
    await startConversation(profile, { subject: 'Next hour', content: 'C' }, { now: hour + 60 * 60_000 });
  });

  it('answers 429 with the limit’s text over the API', async () => {
    const client = await createTestUser('client');
    const c = await start(client);
    // This hour's and the next hour's windows are full, so the request is over the limit whenever it runs.
    const now = Math.floor(Date.now() / 1000 / 3600) * 3600;
    for (const window of [now, now + 3600]) {
      await store()
        .entities.rateLimit.upsert({ bucket: clientPostLimitKey(client.profileId), window, expiresAt: window + 7200 })
        .set({ count: 30 })
        .go();
    }
    const res = await as(client).post(`/api/me/conversations/${c.threadId}/posts`, { content: 'One more' });
    expect(res.status).toBe(429);
    expect(res.body.error.message).toBe(CLIENT_POST_LIMIT_MESSAGE);
    expect((await as(client).post('/api/me/conversations', { subject: 'S', content: 'C' })).status).toBe(429);
    expect(await postsOf(c.threadId)).toBe(1);
  });

  it('takes 5,000 characters and refuses 5,001 (nothing written); subject and content are required', async () => {
    const client = await createTestUser('client');
    const c = await start(client);
    const ok = await as(client).post(`/api/me/conversations/${c.threadId}/posts`, {
      content: 'x'.repeat(MAX_POST_CONTENT),
    });
    expect(ok.status).toBe(201);
    const long = await as(client).post(`/api/me/conversations/${c.threadId}/posts`, {
      content: 'x'.repeat(MAX_POST_CONTENT + 1),
    });
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe('Content must be at most 5,000 characters');
    expect(await postsOf(c.threadId)).toBe(2);
    const empty = await as(client).post('/api/me/conversations', { subject: ' ', content: 'C' });
    expect(empty.status).toBe(400);
    expect(empty.body.error.message).toBe('Subject and message content are required');
    const trainerLong = await as(admin).post(`/api/conversations/${c.threadId}/posts`, {
      content: 'y'.repeat(MAX_POST_CONTENT + 1),
    });
    expect(trainerLong.status).toBe(400);
    expect(await postsOf(c.threadId)).toBe(2);
  });

  it('never shows the trainer’s notes to the client (thread, list, export)', async () => {
    const client = await createTestUser('client');
    const secret = `note-${randomUUID()}`;
    const note = await as(admin).post(`/api/clients/${client.profileId}/notes`, {
      title: secret,
      content: secret,
      noteType: 'general',
    });
    expect(note.status).toBe(201);
    const c = await start(client);
    await as(admin).post(`/api/conversations/${c.threadId}/posts`, { content: 'Answer' });
    const seen = [
      await as(client).get(`/api/me/conversations/${c.threadId}`),
      await as(client).get('/api/me/conversations'),
      await as(client).get('/api/me/export'),
    ];
    for (const res of seen) {
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain(secret);
    }
    const exported = seen[2].body;
    expect(exported.conversations).toEqual([
      expect.objectContaining({ threadId: c.threadId, subject: 'Moving Thursday' }),
    ]);
    expect(exported.conversationPosts.map((p: { from: string }) => p.from)).toEqual(['client', 'trainer']);
  });

  it('a client’s full deletion removes their conversations and posts', async () => {
    const client = await createTestUser('client');
    const c = await start(client);
    await as(client).post(`/api/me/conversations/${c.threadId}/posts`, { content: 'Second' });
    expect((await api('DELETE', `/api/clients/${client.profileId}`, { token: admin.idToken })).status).toBe(204);
    expect(await postsOf(c.threadId)).toBe(0);
    expect((await as(admin).get(`/api/conversations/${c.threadId}`)).status).toBe(404);
  });
});
