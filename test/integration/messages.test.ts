import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { addMissingSchedules, createOneOffQueue } from '../../infra/local/one-off-queue.js';
import { store } from '../../shared/db/service.js';
import { deactivateClient } from '../../shared/domain/clients.js';
import { scheduledMessageSchedules } from '../../shared/domain/messages.js';
import {
  api,
  busIdle,
  clearSesStore,
  createTestUser,
  openSocket,
  sesStore,
  type TestUser,
  waitFor,
} from '../support/api.js';

/**
 * Messages end to end on the local runtime: compose (now and scheduled), the client inbox and its
 * read receipts, the trainer's lists and search, templates, realtime and e-mail notices.
 */

let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let carol: TestUser;

const as = (u: TestUser) => ({
  get: (path: string) => api('GET', path, { token: u.idToken }),
  post: (path: string, body?: unknown) => api('POST', path, { token: u.idToken, body }),
  patch: (path: string, body: unknown) => api('PATCH', path, { token: u.idToken, body }),
  put: (path: string, body: unknown) => api('PUT', path, { token: u.idToken, body }),
  del: (path: string) => api('DELETE', path, { token: u.idToken }),
});

const compose = (body: Record<string, unknown>) => as(admin).post('/api/messages', body);
const unread = async (u: TestUser) => (await as(u).get('/api/me/messages/unread-count')).body.count as number;
const schedules = async () =>
  (
    (await (await fetch(`${inject('urls').site}/__local/schedules`)).json()) as {
      items: { name: string; at: string }[];
    }
  ).items;

beforeAll(async () => {
  [admin, alice, bob, carol] = await Promise.all([
    createTestUser('admin', { firstName: 'Tess', lastName: 'Trainer' }),
    createTestUser('client', { firstName: 'Alice', lastName: 'Ambler' }),
    createTestUser('client', { firstName: 'Bob', lastName: 'Barker' }),
    createTestUser('client', { firstName: 'Carol', lastName: 'Cole' }),
  ]);
});

describe('compose (POST /api/messages)', () => {
  it('writes one message per recipient with {client_name} and {full_name} replaced and {dog_name} kept', async () => {
    const res = await compose({
      recipientIds: [alice.profileId, bob.profileId],
      subject: 'Hello {client_name}',
      content: 'Dear {full_name}, how is {dog_name}?',
      messageType: 'feedback',
      priority: 'urgent',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ status: 'sent', count: 2 });
    const a = (await as(alice).get('/api/me/messages')).body.items;
    const b = (await as(bob).get('/api/me/messages')).body.items;
    const mineA = a.find((m: { id: string }) => res.body.messageIds.includes(m.id));
    const mineB = b.find((m: { id: string }) => res.body.messageIds.includes(m.id));
    expect(mineA).toMatchObject({ subject: 'Hello Alice', content: 'Dear Alice Ambler, how is {dog_name}?' });
    expect(mineB).toMatchObject({ subject: 'Hello Bob', content: 'Dear Bob Barker, how is {dog_name}?' });
    expect(mineA.messageType).toBe('feedback');
    expect(mineA.priority).toBe('urgent');
    // What a client gets carries nothing of the sender's side.
    for (const key of ['senderId', 'recipientEmail', 'status', 'threadId', 'searchTokens', 'noticeEmailedAt'])
      expect(mineA).not.toHaveProperty(key);
  });

  it('refuses bad input with the spec texts and writes nothing', async () => {
    const before = (await as(admin).get('/api/messages?limit=100')).body.items.length;
    const cases: [Record<string, unknown>, string][] = [
      [{ recipientIds: [], subject: 'S', content: 'C' }, 'Please select at least one recipient'],
      [{ recipientIds: [alice.profileId], subject: '  ', content: 'C' }, 'Subject and message content are required'],
      [{ recipientIds: [alice.profileId], subject: 'S', content: '' }, 'Subject and message content are required'],
      [{ recipientIds: [alice.profileId], subject: 'S', content: 'C', senderId: 'x' }, ''],
      [{ recipientIds: [alice.profileId, 'no-such-profile'], subject: 'S', content: 'C' }, 'active client'],
      [{ recipientIds: [admin.profileId], subject: 'S', content: 'C' }, 'active client'],
      [{ recipientIds: [alice.profileId], subject: 'S', content: 'C', scheduledFor: '2020-01-01T10:00:00Z' }, 'future'],
    ];
    for (const [body, text] of cases) {
      const res = await compose(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.error.message).toContain(text);
    }
    expect((await as(admin).get('/api/messages?limit=100')).body.items.length).toBe(before);
  });

  it('refuses a deactivated client as recipient', async () => {
    const gone = await createTestUser('client', { firstName: 'Gone', lastName: 'Away' });
    await deactivateClient(gone.profileId);
    const res = await compose({ recipientIds: [gone.profileId], subject: 'S', content: 'C' });
    expect(res.status).toBe(400);
  });
});

describe('inbox and read receipts', () => {
  it('lists only the caller own delivered messages, newest first, with filters', async () => {
    await compose({ recipientIds: [carol.profileId], subject: 'First', content: 'one', messageType: 'general' });
    await compose({ recipientIds: [carol.profileId], subject: 'Homework 1', content: 'two', messageType: 'homework' });
    await compose({ recipientIds: [bob.profileId], subject: 'Not for Carol', content: 'x' });
    const all = (await as(carol).get('/api/me/messages')).body.items;
    expect(all.map((m: { subject: string }) => m.subject)).toEqual(['Homework 1', 'First']);
    const homework = (await as(carol).get('/api/me/messages?filter=homework')).body.items;
    expect(homework.map((m: { subject: string }) => m.subject)).toEqual(['Homework 1']);
    expect((await as(carol).get('/api/me/messages?filter=feedback')).body.items).toEqual([]);
    expect((await as(carol).get('/api/me/messages?filter=bogus')).status).toBe(400);
  });

  it('opening a message writes the receipt once and lowers the unread count by one', async () => {
    const { body } = await compose({ recipientIds: [carol.profileId], subject: 'Open me', content: 'c' });
    const id = body.messageIds[0];
    const before = await unread(carol);
    expect(before).toBeGreaterThan(0);
    const first = await as(carol).post(`/api/me/messages/${id}/read`);
    expect(first.status).toBe(200);
    expect(first.body.unreadCount).toBe(before - 1);
    expect(first.body.message.readAt).toBeTruthy();
    const again = await as(carol).post(`/api/me/messages/${id}/read`);
    expect(again.body.message.readAt).toBe(first.body.message.readAt);
    expect(await unread(carol)).toBe(before - 1);
    const unreadList = (await as(carol).get('/api/me/messages?filter=unread')).body.items;
    expect(unreadList.some((m: { id: string }) => m.id === id)).toBe(false);
    // The trainer sees the receipt.
    const seen = (await as(admin).get(`/api/messages/${id}`)).body;
    expect(seen.readAt).toBe(first.body.message.readAt);
  });

  it('two tabs opening the same message at once count it once', async () => {
    const { body } = await compose({ recipientIds: [carol.profileId], subject: 'Two tabs', content: 'c' });
    const id = body.messageIds[0];
    const before = await unread(carol);
    const results = await Promise.all(Array.from({ length: 6 }, () => as(carol).post(`/api/me/messages/${id}/read`)));
    for (const r of results) expect(r.status).toBe(200);
    expect(new Set(results.map((r) => r.body.message.readAt)).size).toBe(1);
    expect(await unread(carol)).toBe(before - 1);
  });

  it('the unread count never goes below zero', async () => {
    const { body } = await compose({ recipientIds: [carol.profileId], subject: 'Floor', content: 'c' });
    await store().entities.profile.patch({ id: carol.profileId }).set({ unreadMessages: 0 }).go();
    const res = await as(carol).post(`/api/me/messages/${body.messageIds[0]}/read`);
    expect(res.status).toBe(200);
    expect(res.body.unreadCount).toBe(0);
    expect(res.body.message.readAt).toBeTruthy();
  });

  it("no one reads or marks another client's message", async () => {
    const { body } = await compose({ recipientIds: [alice.profileId], subject: 'Private', content: 'c' });
    const id = body.messageIds[0];
    expect((await as(bob).get(`/api/me/messages/${id}`)).status).toBe(404);
    expect((await as(bob).post(`/api/me/messages/${id}/read`)).status).toBe(404);
    const stored = (await as(admin).get(`/api/messages/${id}`)).body;
    expect(stored.readAt).toBeUndefined();
    expect((await as(bob).get('/api/messages')).status).toBe(403);
    expect(
      (await as(bob).post('/api/messages', { recipientIds: [alice.profileId], subject: 's', content: 'c' })).status,
    ).toBe(403);
  });
});

describe('scheduled messages', () => {
  it('stay out of the inbox until their time, then arrive once, on the minute set', async () => {
    const at = new Date(Date.now() + 2500).toISOString();
    const res = await compose({ recipientIds: [alice.profileId], subject: 'Later', content: 'c', scheduledFor: at });
    expect(res.status).toBe(201);
    expect(res.body.status).toBe('scheduled');
    const id = res.body.messageIds[0];
    expect((await schedules()).some((s) => s.name === `message-${id}`)).toBe(true);
    expect((await as(alice).get(`/api/me/messages/${id}`)).status).toBe(404);
    const scheduled = (await as(admin).get('/api/messages/scheduled?limit=100')).body.items;
    expect(scheduled.find((m: { id: string }) => m.id === id)?.scheduledFor).toBe(at);
    const before = await unread(alice);
    const delivered = await waitFor(async () => {
      const r = await as(alice).get(`/api/me/messages/${id}`);
      return r.status === 200 ? r.body : undefined;
    }, 15_000);
    expect(delivered.sentAt).toBe(at);
    expect(Date.now()).toBeGreaterThanOrEqual(new Date(at).getTime());
    expect(await unread(alice)).toBe(before + 1);
    expect((await schedules()).some((s) => s.name === `message-${id}`)).toBe(false);
  });

  it('is delivered once even when its event arrives twice', async () => {
    const at = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const res = await compose({ recipientIds: [bob.profileId], subject: 'Twice', content: 'c', scheduledFor: at });
    const id = res.body.messageIds[0];
    // The schedule's time has come: pretend by moving the stored send time back, then fire it twice.
    const past = new Date(Date.now() - 1000).toISOString();
    await store()
      .entities.message.patch({ id })
      .set({ deliverAt: past, status: 'scheduled', profileId: bob.profileId, messageType: 'general' })
      .go();
    const before = await unread(bob);
    const fire = () =>
      fetch(`${inject('urls').site}/__local/events`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'MessageDue', detail: { messageId: id, deliverAt: past, siteUrl: 'http://x' } }),
      });
    await Promise.all([fire(), fire()]);
    await busIdle();
    expect(await unread(bob)).toBe(before + 1);
    const inbox = (await as(bob).get('/api/me/messages?limit=100')).body.items;
    expect(inbox.filter((m: { id: string }) => m.id === id)).toHaveLength(1);
    await as(admin).del(`/api/messages/${id}`); // already sent: refused
    expect((await as(bob).get(`/api/me/messages/${id}`)).status).toBe(200);
  });

  it('editing moves the schedule; an old schedule firing changes nothing; deleting removes it', async () => {
    const at = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const res = await compose({ recipientIds: [alice.profileId], subject: 'Move me', content: 'c', scheduledFor: at });
    const id = res.body.messageIds[0];
    const later = new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString();
    const moved = await as(admin).patch(`/api/messages/${id}`, { scheduledFor: later, subject: 'Moved' });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ subject: 'Moved', scheduledFor: later, status: 'scheduled' });
    expect((await schedules()).find((s) => s.name === `message-${id}`)?.at).toBe(later);
    // The old time's event: nothing happens.
    await fetch(`${inject('urls').site}/__local/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'MessageDue', detail: { messageId: id, deliverAt: at, siteUrl: 'http://x' } }),
    });
    await busIdle();
    expect((await as(admin).get(`/api/messages/${id}`)).body.status).toBe('scheduled');
    expect((await as(admin).patch(`/api/messages/${id}`, { scheduledFor: '2020-01-01T00:00:00Z' })).status).toBe(400);
    expect((await as(admin).del(`/api/messages/${id}`)).status).toBe(204);
    expect((await schedules()).some((s) => s.name === `message-${id}`)).toBe(false);
    expect((await as(admin).get(`/api/messages/${id}`)).status).toBe(404);
  });

  it('a lost queue is rebuilt from the table: every scheduled message gets its timer back', async () => {
    const at = new Date(Date.now() + 3 * 60 * 60_000).toISOString();
    const res = await compose({ recipientIds: [carol.profileId], subject: 'Rebuild', content: 'x', scheduledFor: at });
    expect(res.status).toBe(201);
    const dir = mkdtempSync(join(tmpdir(), 'one-off-rebuild-'));
    try {
      const fresh = createOneOffQueue({ dataDir: dir, publish: async () => {} });
      const owed = await scheduledMessageSchedules('http://127.0.0.1');
      const added = await addMissingSchedules(fresh, owed);
      expect(added).toContain(`message-${res.body.messageIds[0]}`);
      expect(fresh.list().find((s) => s.name === `message-${res.body.messageIds[0]}`)?.at).toBe(
        new Date(at).toISOString(),
      );
      // Already held at the same time: nothing added twice.
      expect(await addMissingSchedules(fresh, owed)).toEqual([]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
      await as(admin).del(`/api/messages/${res.body.messageIds[0]}`);
    }
  });

  it('a sent message cannot be edited or deleted', async () => {
    const res = await compose({ recipientIds: [alice.profileId], subject: 'Sent', content: 'c' });
    const id = res.body.messageIds[0];
    expect((await as(admin).patch(`/api/messages/${id}`, { subject: 'x' })).status).toBe(409);
    expect((await as(admin).del(`/api/messages/${id}`)).status).toBe(409);
  });
});

describe("the trainer's sent list", () => {
  it('searches subject, recipient name and content, with filters and cursor pages', async () => {
    const tag = `zq${Date.now().toString(36)}`;
    await compose({ recipientIds: [alice.profileId], subject: `Recall ${tag}`, content: 'practice daily' });
    await compose({
      recipientIds: [bob.profileId],
      subject: 'Leash walking',
      content: `Try the ${tag} game`,
      messageType: 'homework',
    });
    const bySubjectOrContent = (await as(admin).get(`/api/messages?search=${tag}`)).body.items;
    expect(bySubjectOrContent.map((m: { recipientName: string }) => m.recipientName).sort()).toEqual([
      'Alice Ambler',
      'Bob Barker',
    ]);
    const withName = (await as(admin).get(`/api/messages?search=${encodeURIComponent(`barker ${tag}`)}`)).body.items;
    expect(withName).toHaveLength(1);
    expect(withName[0].subject).toBe('Leash walking');
    const homework = (await as(admin).get(`/api/messages?search=${tag}&filter=homework`)).body.items;
    expect(homework).toHaveLength(1);
    const page1 = await as(admin).get('/api/messages?limit=2');
    expect(page1.body.items).toHaveLength(2);
    expect(page1.body.cursor).toBeTruthy();
    const page2 = await as(admin).get(`/api/messages?limit=2&cursor=${encodeURIComponent(page1.body.cursor)}`);
    expect(page2.body.items[0].id).not.toBe(page1.body.items[0].id);
    expect(page1.body.items[0].sentAt >= page2.body.items[0].sentAt).toBe(true);
    const unreadOnly = (await as(admin).get('/api/messages?filter=unread&limit=50')).body.items;
    expect(unreadOnly.every((m: { readAt?: string }) => !m.readAt)).toBe(true);
    const readOnly = (await as(admin).get('/api/messages?filter=read&limit=50')).body.items;
    expect(readOnly.length).toBeGreaterThan(0);
    expect(readOnly.every((m: { readAt?: string }) => !!m.readAt)).toBe(true);
  });

  it('finds a long homework message by a word deep in its content, to several recipients at once', async () => {
    const tag = `zd${Date.now().toString(36)}`;
    // 300 distinct words before the one searched for: far more than one transaction's 100 items.
    const filler = Array.from({ length: 300 }, (_, i) => `step${i.toString(36)}x`).join(' ');
    const res = await compose({
      recipientIds: [alice.profileId, bob.profileId, carol.profileId],
      subject: 'Week 3 homework',
      content: `${filler}\n\nFinally practise the ${tag} drill twice a day.`,
      messageType: 'homework',
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const found = (await as(admin).get(`/api/messages?search=${tag}&limit=50`)).body.items;
    expect(found.map((m: { recipientName: string }) => m.recipientName).sort()).toEqual([
      'Alice Ambler',
      'Bob Barker',
      'Carol Cole',
    ]);
    const both = (await as(admin).get(`/api/messages?search=${encodeURIComponent(`cole step2sx ${tag}`)}`)).body.items;
    expect(both.map((m: { recipientName: string }) => m.recipientName)).toEqual(['Carol Cole']);
  });

  it('an edited scheduled message is found by its new words only, and a deleted one leaves no search words', async () => {
    const tag = `ze${Date.now().toString(36)}`;
    const at = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const filler = Array.from({ length: 150 }, (_, i) => `word${i.toString(36)}q`).join(' ');
    const res = await compose({
      recipientIds: [alice.profileId],
      subject: 'Plan',
      content: `${filler} old${tag}`,
      scheduledFor: at,
    });
    const id = res.body.messageIds[0];
    const indexed = async () =>
      (
        await store().entities.messageToken.query.byToken({ shard: 'w' }).begins({ token: 'word' }).go({ pages: 'all' })
      ).data.filter((t) => t.messageId === id).length;
    expect(await indexed()).toBe(150);
    expect((await as(admin).patch(`/api/messages/${id}`, { content: `${filler} new${tag}` })).status).toBe(200);
    // The list searches sent messages: the index items are checked through the domain's own lookups.
    const { data: old } = await store()
      .entities.messageToken.query.byToken({ shard: 'o' })
      .begins({ token: `old${tag}` })
      .go();
    const { data: fresh } = await store()
      .entities.messageToken.query.byToken({ shard: 'n' })
      .begins({ token: `new${tag}` })
      .go();
    expect(old).toEqual([]);
    expect(fresh.map((t) => t.messageId)).toEqual([id]);
    expect((await as(admin).del(`/api/messages/${id}`)).status).toBe(204);
    expect(await indexed()).toBe(0);
  });

  it('a filtered page reads a bounded number of rows and comes back short with a cursor', async () => {
    // Older read messages exist (earlier tests); the newest 12 are unread.
    for (let i = 0; i < 12; i++)
      await compose({ recipientIds: [carol.profileId], subject: `Bound ${i}`, content: 'x' });
    const first = await as(admin).get('/api/messages?filter=read&limit=2');
    expect(first.status).toBe(200);
    expect(first.body.items).toEqual([]);
    expect(first.body.cursor).toBeTruthy();
    const read: { readAt?: string }[] = [];
    let cursor: string | null = first.body.cursor;
    for (let pages = 0; cursor && read.length === 0 && pages < 10; pages++) {
      const page = await as(admin).get(`/api/messages?filter=read&limit=2&cursor=${encodeURIComponent(cursor)}`);
      read.push(...page.body.items);
      cursor = page.body.cursor;
    }
    expect(read.length).toBeGreaterThan(0);
    expect(read.every((m) => !!m.readAt)).toBe(true);
  });
});

describe('templates', () => {
  it('create, list, edit, toggle and delete, with the spec validation text', async () => {
    const bad = await as(admin).post('/api/templates', { name: '', subject: 'S', content: 'C' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toBe('Name, subject, and content are required');
    const created = await as(admin).post('/api/templates', {
      name: 'Week 1 homework',
      subject: 'Homework for {client_name}',
      content: '**Sit** five times a day',
      templateType: 'homework',
    });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ isActive: true, createdBy: admin.profileId, templateType: 'homework' });
    const id = created.body.id;
    const toggled = await as(admin).patch(`/api/templates/${id}`, { isActive: false });
    expect(toggled.body.isActive).toBe(false);
    const active = (await as(admin).get('/api/templates?active=true')).body.items;
    expect(active.some((t: { id: string }) => t.id === id)).toBe(false);
    const all = (await as(admin).get('/api/templates')).body.items;
    expect(all.some((t: { id: string }) => t.id === id)).toBe(true);
    const edited = await as(admin).put(`/api/templates/${id}`, {
      name: 'Week 1',
      subject: 'S',
      content: 'C',
      templateType: 'general',
      isActive: true,
    });
    expect(edited.body).toMatchObject({ name: 'Week 1', isActive: true });
    expect((await as(admin).del(`/api/templates/${id}`)).status).toBe(204);
    expect((await as(admin).del(`/api/templates/${id}`)).status).toBe(404);
    expect((await as(admin).put(`/api/templates/${id}`, { name: 'a', subject: 'b', content: 'c' })).status).toBe(404);
  });
});

describe('realtime and e-mail notices', () => {
  it("a client's socket receives only their own messages; the trainer's sees the receipt", async () => {
    const [aSock, bSock, adminSock] = await Promise.all([
      openSocket(alice.idToken),
      openSocket(bob.idToken),
      openSocket(admin.idToken),
    ]);
    try {
      const res = await compose({ recipientIds: [alice.profileId], subject: 'Live one', content: 'c' });
      const id = res.body.messageIds[0];
      const got = await waitFor(() =>
        aSock.messages.find((m) => (m as { type?: string; message?: { id: string } }).message?.id === id),
      );
      expect(got).toMatchObject({ type: 'message.delivered', message: { subject: 'Live one' } });
      expect((got as { unreadCount: number }).unreadCount).toBe(await unread(alice));
      await as(alice).post(`/api/me/messages/${id}/read`);
      await waitFor(() =>
        adminSock.messages.find(
          (m) =>
            (m as { type?: string; messageId?: string }).type === 'message.read' &&
            (m as { messageId: string }).messageId === id,
        ),
      );
      await busIdle();
      const leaked = bSock.messages.filter((m) => JSON.stringify(m).includes(id));
      expect(leaked).toEqual([]);
      expect(bSock.messages.some((m) => (m as { type?: string }).type === 'messages.changed')).toBe(false);
    } finally {
      await Promise.all([aSock.close(), bSock.close(), adminSock.close()]);
    }
  });

  it('e-mails a notice with a link when notifications are on, once, and none when off', async () => {
    await clearSesStore();
    const res = await compose({
      recipientIds: [alice.profileId],
      subject: 'Mail <b>me</b>',
      content: '<script>alert(1)</script>',
    });
    const id = res.body.messageIds[0];
    const mail = await waitFor(async () => (await sesStore()).find((m) => m.destination.to.includes(alice.email)));
    expect(mail.subject).toContain('Mail <b>me</b>');
    expect(mail.body.text).toContain(`/messages?messageId=${id}`);
    expect(mail.body.text).not.toContain('alert(1)');
    expect(mail.body.html ?? '').toBe('');
    // A retried delivery event sends nothing more.
    await fetch(`${inject('urls').site}/__local/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        name: 'MessageDelivered',
        detail: { messageId: id, recipientId: alice.profileId, siteUrl: 'http://x' },
      }),
    });
    await busIdle();
    expect((await sesStore()).filter((m) => m.destination.to.includes(alice.email))).toHaveLength(1);

    expect(
      (await api('PUT', '/api/me/settings', { token: bob.idToken, body: { emailNotifications: false } })).status,
    ).toBe(200);
    await compose({ recipientIds: [bob.profileId], subject: 'Quiet', content: 'c' });
    await busIdle();
    expect((await sesStore()).filter((m) => m.destination.to.includes(bob.email))).toHaveLength(0);
  });
});
