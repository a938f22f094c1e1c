import { randomUUID } from 'node:crypto';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../shared/db/client.js';
import { api, busIdle, createTestUser, type TestUser } from '../support/api.js';

/**
 * A client's full deletion leaves nothing that names them: after it, no item of the whole table holds
 * the client's id, e-mail, name or a dog's name (outbox records included: they carry ids only and are
 * removed once published). The test reads the whole table (a test may; no request path scans).
 */

let admin: TestUser;
const as = (u: TestUser) => ({
  post: (path: string, body?: unknown) => api('POST', path, { token: u.idToken, body }),
  put: (path: string, body: unknown) => api('PUT', path, { token: u.idToken, body }),
  del: (path: string) => api('DELETE', path, { token: u.idToken }),
});

beforeAll(async () => {
  admin = await createTestUser('admin');
});

/** Every item of the table whose attributes mention one of `needles` (case-insensitively). */
async function itemsMentioning(needles: string[]): Promise<{ item: Record<string, unknown>; found: string[] }[]> {
  const { doc, tableName } = db();
  const lower = needles.map((n) => n.toLowerCase());
  const hits: { item: Record<string, unknown>; found: string[] }[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await doc.send(new ScanCommand({ TableName: tableName, ExclusiveStartKey: start }));
    for (const item of page.Items ?? []) {
      const text = JSON.stringify(item).toLowerCase();
      const found = lower.filter((n) => text.includes(n));
      if (found.length) hits.push({ item, found });
    }
    start = page.LastEvaluatedKey;
  } while (start);
  return hits;
}

const at = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  d.setUTCHours(15, 0, 0, 0);
  return d.toISOString();
};

describe('full deletion of a client', () => {
  it('leaves no item holding their id, e-mail, name or dogs’ names', async () => {
    const tag = randomUUID().replace(/-/g, '').slice(0, 10);
    const client = await createTestUser('client', { firstName: `Quenby${tag}`, lastName: `Farrow${tag}` });
    const id = client.profileId;
    const dogNames = [`Pippin${tag}`, `Marlow${tag}`];
    const dogIds: string[] = [];
    for (const name of dogNames) {
      const res = await as(admin).post(`/api/clients/${id}/dogs`, { name, breed: 'Beagle', birthDate: '2021-04-02' });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      dogIds.push(res.body.dog.id);
    }
    const note = await as(admin).post(`/api/clients/${id}/notes`, {
      title: `About ${dogNames[0]}`,
      noteType: 'training',
      content: `Quenby${tag} asked about ${dogNames[1]}`,
    });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    const message = await as(admin).post('/api/messages', {
      recipientIds: [id],
      subject: `Homework for ${dogNames[0]}`,
      content: `Hi {client_name}, ${dogNames[0]} did well.`,
      messageType: 'homework',
      priority: 'normal',
    });
    expect(message.status, JSON.stringify(message.body)).toBe(201);
    const session = await as(admin).post('/api/sessions', {
      clientId: id,
      dogId: dogIds[0],
      scheduledAt: at(3),
      durationMinutes: 60,
      sessionType: 'training',
      allowOverlap: true,
      notes: `Work on ${dogNames[0]}'s recall with Quenby${tag}`,
    });
    expect(session.status, JSON.stringify(session.body)).toBe(201);
    const moved = await as(admin).put(`/api/sessions/${session.body.session.id}`, {
      allowOverlap: true,
      clientId: id,
      dogId: dogIds[1],
      scheduledAt: at(4),
      durationMinutes: 90,
      sessionType: 'training',
      notes: `Now ${dogNames[1]} too`,
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await as(admin).post('/api/sessions', {
      clientId: id,
      dogId: dogIds[1],
      scheduledAt: at(6),
      durationMinutes: 60,
      sessionType: 'evaluation',
      allowOverlap: true,
    });
    // A referral sent by the client counts against their hourly limit: a counter named by their id.
    const referral = await api('POST', '/api/me/referrals', {
      token: client.idToken,
      body: { email: `friend-${tag}@example.com` },
    });
    expect(referral.status, JSON.stringify(referral.body)).toBe(201);
    // Conversations with the trainer: a reply to the message, a new conversation, the trainer's answer;
    // the reply's posts are counted against the client's hourly limit (a counter named by their id).
    const reply = await api('POST', `/api/me/messages/${message.body.messageIds[0]}/replies`, {
      token: client.idToken,
      body: { content: `${dogNames[0]} loved it` },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(201);
    const started = await api('POST', '/api/me/conversations', {
      token: client.idToken,
      body: { subject: `About ${dogNames[1]}`, content: `Can ${dogNames[1]} come along?` },
    });
    expect(started.status, JSON.stringify(started.body)).toBe(201);
    const answer = await as(admin).post(`/api/conversations/${started.body.threadId}/posts`, {
      content: `Of course, bring ${dogNames[1]}`,
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    // The writes' follow-ups (appointment messages, reminders, notices) have run.
    await busIdle();
    const needles = [id, client.email, `Quenby${tag}`, `Farrow${tag}`, ...dogNames];
    expect((await itemsMentioning(needles)).length).toBeGreaterThan(0);

    const res = await as(admin).del(`/api/clients/${id}`);
    expect(res.status, JSON.stringify(res.body)).toBe(204);
    await busIdle();
    const left = await itemsMentioning(needles);
    expect(left.map(({ item, found }) => ({ pk: item.pk, sk: item.sk, entity: item.__edb_e__, found }))).toEqual([]);
  });
});
