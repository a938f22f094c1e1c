import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ConversationChangedNotice } from '../../shared/contracts/conversations.js';
import { api, busIdle, createTestUser, openSocket, sesStore, type TestUser, waitFor } from '../support/api.js';

/**
 * Conversations live and notified (docs/decisions/0047-conversations.md): every post and read reaches
 * the trainer's and the conversation's client's open sockets (nobody else's) within 10 s, and a post is
 * e-mailed to the other side with the message itself, the trainer at most once per conversation per 15 minutes.
 */

let admin: TestUser;
let client: TestUser;
let other: TestUser;

const post = (u: TestUser, path: string, body?: unknown) => api('POST', path, { token: u.idToken, body });

beforeAll(async () => {
  [admin, client, other] = await Promise.all([
    createTestUser('admin'),
    createTestUser('client'),
    createTestUser('client'),
  ]);
});

const noticesOf = (messages: unknown[], threadId: string) =>
  messages.filter(
    (m): m is ConversationChangedNotice =>
      (m as ConversationChangedNotice)?.type === 'conversation.changed' &&
      (m as ConversationChangedNotice).threadId === threadId,
  );

describe('conversations over the WebSocket', () => {
  it('pushes posts and reads both ways to the trainer and the client, and nothing to another client', async () => {
    const [trainerSocket, clientSocket, otherSocket] = await Promise.all([
      openSocket(admin.idToken),
      openSocket(client.idToken),
      openSocket(other.idToken),
    ]);
    try {
      const started = await post(client, '/api/me/conversations', { subject: 'Live', content: 'Hello trainer' });
      expect(started.status).toBe(201);
      const threadId = started.body.threadId as string;
      const has = (messages: unknown[], kind: string, by: string) =>
        noticesOf(messages, threadId).some((n) => n.kind === kind && n.by === by);

      // The client's post reaches the trainer's inbox (and the client's other tabs).
      await waitFor(() => has(trainerSocket.messages, 'posted', 'client'), 10_000);
      await waitFor(() => has(clientSocket.messages, 'posted', 'client'), 10_000);

      // The trainer opens it: the client's side hears the receipt.
      expect((await post(admin, `/api/conversations/${threadId}/read`)).status).toBe(200);
      await waitFor(() => has(clientSocket.messages, 'read', 'trainer'), 10_000);

      // The trainer answers: the client hears it; the client opens it: the trainer hears the receipt.
      expect((await post(admin, `/api/conversations/${threadId}/posts`, { content: 'Hi back' })).status).toBe(201);
      await waitFor(() => has(clientSocket.messages, 'posted', 'trainer'), 10_000);
      expect((await post(client, `/api/me/conversations/${threadId}/read`)).status).toBe(200);
      await waitFor(() => has(trainerSocket.messages, 'read', 'client'), 10_000);

      await busIdle();
      expect(JSON.stringify(otherSocket.messages)).not.toContain(threadId);
      expect(otherSocket.messages.filter((m) => (m as { type?: string })?.type === 'conversation.changed')).toEqual([]);
    } finally {
      await Promise.all([trainerSocket.close(), clientSocket.close(), otherSocket.close()]);
    }
  });
});

describe('e-mail notices of posts', () => {
  it('e-mails the trainer a client’s post with its text (HTML and plain text), one per conversation per 15 minutes', async () => {
    const subject = `Notice ${randomUUID().slice(0, 8)}`;
    const first = 'First line of <b>my</b> question\n\nSecond paragraph & more';
    const started = await post(client, '/api/me/conversations', { subject, content: first });
    expect(started.status).toBe(201);
    const threadId = started.body.threadId as string;
    expect(
      (await post(client, `/api/me/conversations/${threadId}/posts`, { content: 'A second post soon after' })).status,
    ).toBe(201);
    await busIdle();
    const mails = (await sesStore()).filter((m) => m.subject.includes(subject));
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.body.text).toContain('First line of <b>my</b> question');
    expect(mail.body.text).toContain('Second paragraph & more');
    expect(mail.body.text).toContain(`/dashboard/messages?threadId=${threadId}`);
    expect(mail.body.html).toContain('First line of &lt;b&gt;my&lt;/b&gt; question');
    expect(mail.body.html).toContain('Second paragraph &amp; more');
    expect(mail.body.html).not.toContain('<b>my</b>');
  });

  it('e-mails the client the trainer’s answer with its text when their notifications are on', async () => {
    const subject = `Answer ${randomUUID().slice(0, 8)}`;
    const started = await post(client, '/api/me/conversations', { subject, content: 'Question' });
    const threadId = started.body.threadId as string;
    expect(
      (await post(admin, `/api/conversations/${threadId}/posts`, { content: 'Practise *down* daily' })).status,
    ).toBe(201);
    const mail = await waitFor(async () =>
      (await sesStore()).find((m) => m.subject.includes(subject) && m.destination.to.includes(client.email)),
    );
    expect(mail.body.text).toContain('Practise *down* daily');
    expect(mail.body.html).toContain('Practise *down* daily');
  });
});

describe('the admin dashboard', () => {
  it('counts unread conversations as the navigation does', async () => {
    const started = await post(client, '/api/me/conversations', { subject: 'Dashboard', content: 'Counted?' });
    expect(started.status).toBe(201);
    // Other files' conversations change the same counter meanwhile: both reads must agree, and count this one.
    await waitFor(async () => {
      const [dashboard, nav] = await Promise.all([
        api('GET', '/api/dashboard/admin', { token: admin.idToken }),
        api('GET', '/api/conversations/unread-count', { token: admin.idToken }),
      ]);
      return dashboard.body.unreadConversations === nav.body.count && nav.body.count > 0;
    });
  });
});
