import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { store } from '../../shared/db/service.js';
import {
  countContactSubmissionsByStatus,
  createContactSubmission,
  listContactSubmissions,
} from '../../shared/domain/contact-submissions.js';
import { createProfile, getProfileByEmail, getProfileByUserId } from '../../shared/domain/profiles.js';
import { hitRateLimit } from '../../shared/domain/rate-limits.js';
import { completeEndedSessions, insertSessionRecord } from '../../shared/domain/sessions.js';
import { createContent, listPublishedContent } from '../../shared/domain/website-content.js';

const request = (over: Partial<Parameters<typeof createContactSubmission>[0]> = {}) => ({
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: `ada-${randomUUID()}@Example.com`,
  phone: '941-555-0100',
  program: 'adultDogTraining' as const,
  message: 'Pulls on the leash.',
  dogName: 'Byron',
  dogBreed: 'Golden Doodle',
  dogSex: 'male' as const,
  dogBirthDate: '2024-02-02',
  ...over,
});

describe('contact submissions (DynamoDB Local)', () => {
  it('stores a request as new with a lower-cased e-mail, listed newest first and counted', async () => {
    const before = await countContactSubmissionsByStatus();
    const first = await createContactSubmission(request());
    const second = await createContactSubmission(request());
    expect(first.status).toBe('new');
    expect(first.email).toBe(first.email.toLowerCase());
    const list = await listContactSubmissions(['new'], { limit: 100 });
    const ids = list.items.map((s) => s.id);
    expect(ids.indexOf(second.id)).toBeLessThan(ids.indexOf(first.id));
    const after = await countContactSubmissionsByStatus();
    expect(after.new).toBe(before.new + 2);
    expect(after.removed).toBe(before.removed);
  });
});

describe('profiles', () => {
  it('claims the e-mail in the same transaction: a duplicate writes nothing', async () => {
    const email = `dup-${randomUUID()}@example.com`;
    const userA = randomUUID();
    const userB = randomUUID();
    const a = await createProfile({ userId: userA, role: 'client', firstName: 'A', email });
    await expect(
      createProfile({ userId: userB, role: 'client', firstName: 'B', email: email.toUpperCase() }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
    });
    expect(await getProfileByUserId(userB)).toBeUndefined();
    expect((await getProfileByEmail(email))?.id).toBe(a.id);
    expect(a.isActive).toBe(true);
    expect(a.profileCompleted).toBe(false);
  });
});

describe('rate limits', () => {
  it('allows max hits per window, then refuses with RATE_LIMITED', async () => {
    const key = `test#${randomUUID()}`;
    const now = Date.UTC(2026, 10, 23, 10, 0, 5);
    for (let i = 0; i < 3; i++) await hitRateLimit(key, 3, 60, now);
    await expect(hitRateLimit(key, 3, 60, now)).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    // The next window starts afresh.
    await expect(hitRateLimit(key, 3, 60, now + 60_000)).resolves.toBeUndefined();
  });
});

describe('session auto-completion', () => {
  it('completes scheduled and confirmed sessions whose end has passed, and only those', async () => {
    const s = store().entities.session;
    const clientId = randomUUID();
    const mk = async (startOffsetMin: number, duration: number, status: 'scheduled' | 'confirmed' | 'cancelled') => {
      const scheduledAt = new Date(Date.now() + startOffsetMin * 60_000).toISOString();
      // Written with its counters, as a session write keeps them (ADR 0014).
      return insertSessionRecord({
        clientId,
        dogId: 'dog',
        scheduledAt,
        durationMinutes: duration,
        status,
      });
    };
    const ended = await mk(-120, 60, 'scheduled');
    const endedConfirmed = await mk(-90, 60, 'confirmed');
    const running = await mk(-30, 60, 'scheduled');
    const cancelled = await mk(-300, 60, 'cancelled');
    const done = await completeEndedSessions();
    expect(done).toEqual(expect.arrayContaining([ended, endedConfirmed]));
    expect(done).not.toContain(running);
    const status = async (id: string) => (await s.get({ id }).go()).data?.status;
    expect(await status(ended)).toBe('completed');
    expect(await status(endedConfirmed)).toBe('completed');
    expect(await status(running)).toBe('scheduled');
    expect(await status(cancelled)).toBe('cancelled');
    expect(await completeEndedSessions()).not.toContain(ended);
  });
});

describe('website content', () => {
  it('lists only published records of a section, in sort order', async () => {
    const section = 'testimonials';
    const tag = randomUUID();
    const text = (v: string) => ({ type: 'text' as const, value: v });
    await createContent({
      sectionKey: section,
      title: `c-${tag}`,
      status: 'published',
      sortOrder: 12,
      fields: { client_name: text(`C ${tag}`) },
    });
    await createContent({
      sectionKey: section,
      title: `a-${tag}`,
      status: 'published',
      sortOrder: 2,
      fields: { client_name: text(`A ${tag}`) },
    });
    await createContent({
      sectionKey: section,
      title: `d-${tag}`,
      status: 'draft',
      sortOrder: 1,
      fields: { client_name: text(`D ${tag}`) },
    });
    const mine = (await listPublishedContent(section)).filter((r) => r.title.endsWith(tag));
    expect(mine.map((r) => r.title)).toEqual([`a-${tag}`, `c-${tag}`]);
    expect(mine[0].fields.client_name).toBe(`A ${tag}`);
    expect(mine[0].sort_order).toBe(2);
  });
});
