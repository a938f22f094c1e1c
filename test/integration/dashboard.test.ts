import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { businessWeek } from '../../shared/domain/business-calendar.js';
import { insertSessionRecord } from '../../shared/domain/sessions.js';
import { api, createTestUser, type TestUser, visitor } from '../support/api.js';

let admin: TestUser;
beforeAll(async () => {
  admin = await createTestUser('admin');
});

const counts = async () => {
  const res = await api('GET', '/api/dashboard/admin', { token: admin.idToken });
  expect(res.status).toBe(200);
  return res.body as { newInquiries: number; activeClients: number; weekSessions: number };
};

async function addSession(scheduledAt: string, status: 'scheduled' | 'cancelled') {
  // With the sessions' counters, as a session write keeps them (ADR 0014).
  await insertSessionRecord({ clientId: randomUUID(), dogId: randomUUID(), scheduledAt, durationMinutes: 60, status });
}

describe('admin dashboard counters', () => {
  it('New Inquiries and Active Clients follow new submissions and new clients', async () => {
    const before = await counts();
    const res = await api('POST', '/api/public/contact', {
      from: visitor(),
      body: {
        firstName: 'Dash',
        lastName: 'Board',
        email: `dash-${randomUUID()}@example.com`,
        phone: '941-555-0123',
        program: 'other',
        message: 'Counting',
        dogName: 'Tally',
        dogBreed: 'Mix',
        dogBirthDate: '2022-01-01',
        dogSex: 'male',
      },
    });
    expect(res.status).toBe(201);
    await createTestUser('client');
    const after = await counts();
    expect(after.newInquiries).toBe(before.newInquiries + 1);
    expect(after.activeClients).toBe(before.activeClients + 1);
  });

  it("This Week's Sessions counts sessions starting this business week, not cancelled ones or other weeks", async () => {
    const before = await counts();
    const week = businessWeek();
    const mid = new Date((Date.parse(week.start) + Date.parse(week.end)) / 2).toISOString();
    await addSession(week.start, 'scheduled');
    await addSession(mid, 'scheduled');
    await addSession(mid, 'cancelled');
    await addSession(new Date(Date.parse(week.end) + 1000).toISOString(), 'scheduled');
    await addSession(new Date(Date.parse(week.start) - 1000).toISOString(), 'scheduled');
    expect((await counts()).weekSessions).toBe(before.weekSessions + 2);
  });

  it('is for the trainer only', async () => {
    const client = await createTestUser('client');
    expect((await api('GET', '/api/dashboard/admin', { token: client.idToken })).status).toBe(403);
    expect((await api('GET', '/api/dashboard/admin')).status).toBe(401);
  });
});
