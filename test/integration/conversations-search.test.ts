import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { CLIENT_POST_LIMIT_MESSAGE } from '../../shared/contracts/conversations.js';
import { store } from '../../shared/db/service.js';
import { backfillConversationSearchWords, postTokenKeys } from '../../shared/domain/conversation-search.js';
import { clientPostLimitKey, threadPosts } from '../../shared/domain/conversations.js';
import { api, createTestUser, type TestUser } from '../support/api.js';

/**
 * The trainer's search across conversations (docs/decisions/0066-conversation-search.md): a
 * conversation is found by the start of any word of a post of either side, of its subject or of its
 * client's name; with the filter by client and the unread filter; never after the client's deletion;
 * posts written before search are indexed by the backfill. Clients have no search.
 */

let admin: TestUser;

const as = (u: TestUser) => ({
  get: (path: string) => api('GET', path, { token: u.idToken }),
  post: (path: string, body?: unknown) => api('POST', path, { token: u.idToken, body }),
});

beforeAll(async () => {
  admin = await createTestUser('admin');
});

/** A word no other test writes (letters and digits: one search word). */
const word = (stem: string) => `${stem}${randomUUID().replaceAll('-', '').slice(0, 10)}`;

async function start(client: TestUser, subject: string, content: string) {
  const res = await as(client).post('/api/me/conversations', { subject, content });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.threadId as string;
}

async function found(query: string): Promise<string[]> {
  const res = await as(admin).get(`/api/conversations?limit=100&${query}`);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.items.map((i: { threadId: string }) => i.threadId);
}

const search = (q: string, rest = '') => found(`search=${encodeURIComponent(q)}${rest}`);

/** How many of a thread's posts' word items the index holds. */
async function indexedWords(threadId: string): Promise<number> {
  const keys = (await threadPosts(threadId)).flatMap(postTokenKeys);
  if (!keys.length) return 0;
  const { data } = await store().entities.conversationToken.get(keys).go();
  return data.length;
}

describe('search across conversations', () => {
  it("finds a conversation by a word of the client's post or of the trainer's, by a word's start, subject and name", async () => {
    const first = word('Quill');
    const client = await createTestUser('client', { firstName: first, lastName: 'Harbour' });
    const byClient = word('leash');
    const byTrainer = word('recall');
    const subjectWord = word('puppy');
    const threadId = await start(client, `About ${subjectWord} class`, `Rex pulls on the ${byClient} every walk.`);
    const answer = await as(admin).post(`/api/conversations/${threadId}/posts`, {
      content: `Try the ${byTrainer.toUpperCase()} game, {client_name}.`,
    });
    expect(answer.status).toBe(201);
    const other = await start(await createTestUser('client'), 'Unrelated', 'Nothing to see here.');

    expect(await search(byClient)).toEqual([threadId]);
    expect(await search(byTrainer)).toEqual([threadId]);
    expect(await search(byClient.slice(0, 9))).toEqual([threadId]);
    expect(await search(subjectWord)).toEqual([threadId]);
    expect(await search(first.toLowerCase())).toEqual([threadId]);
    // Every word counts, each in the post with the client's name and the subject.
    expect(await search(`${first} ${byTrainer}`)).toEqual([threadId]);
    expect(await search(`${byClient} ${byTrainer}`)).toEqual([]);
    expect(await search(word('absent'))).toEqual([]);
    // The list's items are the inbox's summaries; a search is bound to its cursor.
    const res = await as(admin).get(`/api/conversations?search=${byClient}`);
    expect(res.body.items).toEqual([expect.objectContaining({ threadId, clientId: client.profileId, unread: 0 })]);
    expect(await search('')).toContain(other);
  });

  it('combines with the filter by client and the unread filter', async () => {
    const shared = word('harness');
    const a = await createTestUser('client');
    const b = await createTestUser('client');
    const ofA = await start(a, 'Walks', `The ${shared} rubs.`);
    const ofB = await start(b, 'Walks', `Which ${shared} should I buy?`);
    expect((await search(shared)).sort()).toEqual([ofA, ofB].sort());
    expect(await search(shared, `&clientId=${a.profileId}`)).toEqual([ofA]);
    expect((await as(admin).post(`/api/conversations/${ofB}/read`)).status).toBe(200);
    expect(await search(shared, '&filter=unread')).toEqual([ofA]);
    expect(await search(shared, `&filter=unread&clientId=${b.profileId}`)).toEqual([]);
    expect(await search(shared, `&clientId=${randomUUID()}`)).toEqual([]);
  });

  it('refuses a search over 100 characters; clients have no search and no trainer inbox', async () => {
    const long = await as(admin).get(`/api/conversations?search=${'a'.repeat(101)}`);
    expect(long.status).toBe(400);
    expect(long.body.error.message).toBe('search must be at most 100 characters');
    const client = await createTestUser('client');
    expect((await as(client).get('/api/conversations?search=leash')).status).toBe(403);
    expect((await as(client).get('/api/me/conversations?search=leash')).status).toBe(400);
  });

  it('a refused post (over the hourly limit) writes no search words', async () => {
    const client = await createTestUser('client');
    const threadId = await start(client, 'Limits', 'First post.');
    const now = Math.floor(Date.now() / 1000 / 3600) * 3600;
    for (const window of [now, now + 3600]) {
      await store()
        .entities.rateLimit.upsert({ bucket: clientPostLimitKey(client.profileId), window, expiresAt: window + 7200 })
        .set({ count: 30 })
        .go();
    }
    const refused = word('refused');
    const res = await as(client).post(`/api/me/conversations/${threadId}/posts`, { content: refused });
    expect(res.status).toBe(429);
    expect(res.body.error.message).toBe(CLIENT_POST_LIMIT_MESSAGE);
    const { data } = await store()
      .entities.conversationToken.query.byToken({ shard: refused[0] })
      .begins({ token: refused })
      .go();
    expect(data).toEqual([]);
  });

  it("a client's full deletion removes the words with the conversations: nothing is found after", async () => {
    const client = await createTestUser('client');
    const gone = word('vanish');
    const threadId = await start(client, 'Soon gone', `A ${gone} post.`);
    await as(admin).post(`/api/conversations/${threadId}/posts`, { content: `And ${gone} again.` });
    expect(await search(gone)).toEqual([threadId]);
    expect(await indexedWords(threadId)).toBeGreaterThan(0);
    const keys = (await threadPosts(threadId)).flatMap(postTokenKeys);
    expect((await api('DELETE', `/api/clients/${client.profileId}`, { token: admin.idToken })).status).toBe(204);
    expect(await search(gone)).toEqual([]);
    const { data } = await store().entities.conversationToken.get(keys).go();
    expect(data).toEqual([]);
  });

  it('the once-per-table backfill indexes the posts written before search', async () => {
    const client = await createTestUser('client');
    const old = word('legacy');
    const threadId = await start(client, 'Old times', 'Written with search.');
    const at = new Date().toISOString();
    // A post as stored before search: no word list, no word items.
    await store()
      .entities.conversationPost.create({
        id: randomUUID(),
        threadId,
        profileId: client.profileId,
        from: 'client',
        authorId: client.profileId,
        authorName: 'Old Client',
        content: `An ${old} post.`,
        createdAt: at,
        updatedAt: at,
      })
      .go();
    expect(await search(old)).toEqual([]);
    expect(await backfillConversationSearchWords()).toBeGreaterThanOrEqual(1);
    expect(await search(old)).toEqual([threadId]);
    // Again: nothing left to do for these posts.
    const posts = await threadPosts(threadId);
    expect(posts.every((p) => (p.searchTokens ?? []).length > 0)).toBe(true);
  });
});
