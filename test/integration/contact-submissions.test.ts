import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ContactStatus, ContactSubmission } from '../../shared/contracts/contact.js';
import {
  countContactSubmissionsByStatus,
  createContactSubmission,
  getContactSubmission,
} from '../../shared/domain/contact-submissions.js';
import { api, createTestUser, openSocket, waitFor } from '../support/api.js';

const request = (over: Record<string, string> = {}) => ({
  firstName: 'Nora',
  lastName: `Page-${randomUUID().slice(0, 6)}`,
  email: `nora-${randomUUID()}@example.com`,
  phone: '941-555-0123',
  program: 'puppyFoundations' as const,
  message: 'Chews shoes.',
  dogName: 'Pip',
  dogBreed: 'Beagle',
  dogSex: 'female' as const,
  dogBirthDate: '2025-01-10',
  ...over,
});

let token: string;
beforeAll(async () => {
  token = (await createTestUser('admin')).idToken;
});

const setStatus = (id: string, body: unknown) => api('PATCH', `/api/contact-submissions/${id}/status`, { token, body });

async function listAll(status: string, limit: number) {
  const pages: ContactSubmission[][] = [];
  let cursor: string | null = null;
  do {
    const q: string = `status=${status}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await api('GET', `/api/contact-submissions?${q}`, { token });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.items.length).toBeLessThanOrEqual(limit);
    pages.push(res.body.items);
    cursor = res.body.cursor;
    expect(pages.length).toBeLessThan(200);
  } while (cursor);
  return pages;
}

const isNewestFirst = (items: ContactSubmission[]) =>
  items.every(
    (s, i) => i === 0 || `${items[i - 1].createdAt}${items[i - 1].id}`.localeCompare(`${s.createdAt}${s.id}`) >= 0,
  );

describe('status changes', () => {
  it('moves a submission through contacted, removed and restore, keeping the counters right and telling admins', async () => {
    const socket = await openSocket(token);
    const s = await createContactSubmission(request());
    const c0 = await countContactSubmissionsByStatus();

    let res = await setStatus(s.id, { status: 'contacted' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ outcome: 'updated', submission: { id: s.id, status: 'contacted' } });
    let c = await countContactSubmissionsByStatus();
    expect(c).toEqual({ ...c0, new: c0.new - 1, contacted: c0.contacted + 1 });

    res = await setStatus(s.id, { status: 'removed' });
    expect(res.body).toMatchObject({ outcome: 'removed', submission: { status: 'removed' } });
    c = await countContactSubmissionsByStatus();
    expect(c).toEqual({ ...c0, new: c0.new - 1, removed: c0.removed + 1 });

    // A removed submission cannot use the selector: only Restore (to new).
    res = await setStatus(s.id, { status: 'contacted' });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('A removed submission cannot change status. Restore it first.');
    expect((await getContactSubmission(s.id)).status).toBe('removed');

    res = await setStatus(s.id, { status: 'new' });
    expect(res.body).toMatchObject({ outcome: 'updated', submission: { status: 'new' } });
    expect(await countContactSubmissionsByStatus()).toEqual(c0);

    const notice = await waitFor(() =>
      socket.messages.find(
        (m) =>
          (m as { type?: string }).type === 'contact_submissions.changed' &&
          (m as { ids: string[] }).ids.includes(s.id),
      ),
    );
    expect(notice).toEqual({ type: 'contact_submissions.changed', ids: [s.id] });
    await socket.close();

    const list = await api('GET', '/api/contact-submissions?status=new', { token });
    expect(list.body.counts).toEqual(c0);
  });

  it('refuses bad input with a 4xx and a message, changing nothing', async () => {
    const s = await createContactSubmission(request());
    const before = await countContactSubmissionsByStatus();
    const cases: [unknown, number, string][] = [
      [{}, 400, 'status must be new, contacted or removed'],
      [{ status: 'archived' }, 400, 'status must be new, contacted or removed'],
      [{ status: 'contacted', extra: 1 }, 400, 'extra is not an accepted field'],
      [{ status: 7 }, 400, 'status must be new, contacted or removed'],
      [{ status: 'converted' }, 400, 'Use the conversion to make a submission converted'],
      [{ status: 'contacted', clientAction: 'deactivate' }, 400, 'clientAction applies only to a converted submission'],
      [{ status: 'contacted', clientAction: 'explode' }, 400, 'clientAction must be deactivate or delete'],
    ];
    for (const [body, status, message] of cases) {
      const res = await setStatus(s.id, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.error.message).toBe(message);
    }
    const unknown = await setStatus(randomUUID(), { status: 'contacted' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error.message).toBe('Contact submission not found');
    expect((await api('GET', `/api/contact-submissions/${randomUUID()}`, { token })).status).toBe(404);
    const badJson = await api('PATCH', `/api/contact-submissions/${s.id}/status`, { token, rawBody: '{' });
    expect(badJson.status).toBe(400);

    expect((await getContactSubmission(s.id)).status).toBe('new');
    expect(await countContactSubmissionsByStatus()).toEqual(before);

    for (const q of [
      'status=new,converted',
      'status=bogus',
      'limit=0',
      'limit=101',
      'limit=abc',
      'cursor=%%%',
      'x=1',
    ]) {
      const res = await api('GET', `/api/contact-submissions?${q}`, { token });
      expect(res.status, q).toBe(400);
      expect(typeof res.body.error.message).toBe('string');
    }
    // A cursor of another status list is refused.
    const page = await api('GET', '/api/contact-submissions?status=new&limit=1', { token });
    const other = await api('GET', `/api/contact-submissions?status=removed&cursor=${page.body.cursor}`, { token });
    expect(other.status).toBe(400);
    expect(other.body.error.message).toBe('Invalid cursor');
  });

  it('answers one submission with every field', async () => {
    const s = await createContactSubmission(request());
    const res = await api('GET', `/api/contact-submissions/${s.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ submission: s, assignedProfile: null });
    expect(Object.keys(res.body.submission).sort()).toEqual(
      [
        'id',
        'firstName',
        'lastName',
        'email',
        'phone',
        'dogName',
        'dogBreed',
        'dogSex',
        'dogBirthDate',
        'program',
        'message',
        'status',
        'convertedToClient',
        'createdAt',
      ].sort(),
    );
  });
});

describe('pagination (cursor, newest first)', () => {
  it('pages one status with no duplicates and no gaps', async () => {
    const mine: string[] = [];
    for (let i = 0; i < 5; i++) mine.push((await createContactSubmission(request())).id);
    const pages = await listAll('new', 2);
    const all = pages.flat();
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
    expect(isNewestFirst(all)).toBe(true);
    const positions = mine.map((id) => all.findIndex((s) => s.id === id));
    expect(positions.every((p) => p >= 0)).toBe(true);
    // Created one after the other: newest first means the reverse order.
    expect([...positions].sort((a, b) => b - a)).toEqual(positions);
    expect(all.every((s) => s.status === 'new')).toBe(true);
    expect(pages.length).toBeGreaterThanOrEqual(3);
  });

  it('merges New and Contacted newest first across pages', async () => {
    const made: { id: string; status: ContactStatus }[] = [];
    for (let i = 0; i < 6; i++) {
      const s = await createContactSubmission(request());
      const status: ContactStatus = i % 2 === 0 ? 'contacted' : 'new';
      if (status === 'contacted') expect((await setStatus(s.id, { status })).status).toBe(200);
      made.push({ id: s.id, status });
    }
    for (const limit of [1, 2, 3]) {
      const pages = await listAll('new,contacted', limit);
      const all = pages.flat();
      expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
      expect(isNewestFirst(all)).toBe(true);
      expect(all.every((s) => s.status === 'new' || s.status === 'contacted')).toBe(true);
      const positions = made.map((m) => all.findIndex((s) => s.id === m.id));
      expect(positions.every((p) => p >= 0)).toBe(true);
      expect([...positions].sort((a, b) => b - a)).toEqual(positions);
      for (const m of made) expect(all.find((s) => s.id === m.id)?.status).toBe(m.status);
      const counts = await countContactSubmissionsByStatus();
      expect(all.length).toBe(counts.new + counts.contacted);
    }
  });
});

describe('permanent deletion of removed submissions', () => {
  it('deletes only removed submissions, all or none, and keeps the counts right', async () => {
    const a = await createContactSubmission(request());
    const b = await createContactSubmission(request());
    const keep = await createContactSubmission(request());
    for (const s of [a, b]) expect((await setStatus(s.id, { status: 'removed' })).status).toBe(200);
    const before = await countContactSubmissionsByStatus();

    // One non-removed id: nothing is deleted.
    let res = await api('POST', '/api/contact-submissions/delete', { token, body: { ids: [a.id, keep.id] } });
    expect(res.status).toBe(409);
    expect(res.body.error.message).toBe('Only removed submissions can be permanently deleted');
    expect((await getContactSubmission(a.id)).status).toBe('removed');
    expect(await countContactSubmissionsByStatus()).toEqual(before);

    // An unknown id: nothing is deleted.
    res = await api('POST', '/api/contact-submissions/delete', { token, body: { ids: [a.id, randomUUID()] } });
    expect(res.status).toBe(404);
    expect((await getContactSubmission(a.id)).status).toBe('removed');

    for (const body of [{}, { ids: [] }, { ids: 'x' }, { ids: [a.id], more: true }, { ids: [1] }]) {
      const bad = await api('POST', '/api/contact-submissions/delete', { token, body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(typeof bad.body.error.message).toBe('string');
    }
    expect(await countContactSubmissionsByStatus()).toEqual(before);

    res = await api('POST', '/api/contact-submissions/delete', { token, body: { ids: [a.id, b.id, a.id] } });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ deleted: 2 });
    await expect(getContactSubmission(a.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(getContactSubmission(b.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await getContactSubmission(keep.id)).status).toBe('new');
    expect(await countContactSubmissionsByStatus()).toEqual({ ...before, removed: before.removed - 2 });

    const removed = (await listAll('removed', 50)).flat().map((s) => s.id);
    expect(removed).not.toContain(a.id);
  });
});
