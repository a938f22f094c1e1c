import { beforeAll, describe, expect, it } from 'vitest';
import { type CalendarMeeting, CLASS_TEXTS, type ClassView } from '../../shared/contracts/classes.js';
import { store } from '../../shared/db/service.js';
import { busyIntervals } from '../../shared/domain/busy-days.js';
import { cancelMessageId, notifyMeetingCancelled } from '../../shared/domain/class-meeting-cancel.js';
import { createDog } from '../../shared/domain/dogs.js';
import { findMessage } from '../../shared/domain/messages.js';
import { api, createTestUser, type TestUser, waitFor } from '../support/api.js';
import { classBody, nightAhead } from './matrix/classes.js';

/**
 * Cancelling one meeting of a class (docs/decisions/0074-cancelling-a-class-meeting.md): it stays listed
 * as cancelled with the reason, leaves the calendars and the busy time, and each client with a seat gets
 * one message saying when and why; a client on the waitlist gets none.
 */

let admin: TestUser;
let seated: TestUser;
let waiting: TestUser;
const DAY = 86_400_000;

beforeAll(async () => {
  [admin, seated, waiting] = await Promise.all([
    createTestUser('admin'),
    createTestUser('client'),
    createTestUser('client'),
  ]);
});

async function enrolled(u: TestUser, c: ClassView, name: string) {
  const { id: dogId } = await createDog(u.profileId, { name, breed: 'Mix', birthDate: '2024-01-01' });
  await store().entities.sessionCredits.update({ profileId: u.profileId }).add({ balance: 2 }).go();
  const res = await api('POST', `/api/classes/${c.id}/enrolments`, { token: u.idToken, body: { dogId } });
  expect(res.status).toBe(201);
  return res.body.enrolment;
}

describe('cancelling a class meeting', () => {
  it('marks it with the reason, takes it off the calendars and tells the seat holders once', async () => {
    const created = await api('POST', '/api/classes', {
      token: admin.idToken,
      body: { ...classBody(), capacity: 1, weeks: 3, firstMeeting: nightAhead(52), title: 'Rainy Manners' },
    });
    const c: ClassView = (await api('POST', `/api/classes/${created.body.class.id}/publish`, { token: admin.idToken }))
      .body.class;
    await enrolled(seated, c, 'Pip');
    expect((await enrolled(waiting, c, 'Dot')).status).toBe('waitlisted');
    const second = c.meetings[1];

    const refused = await api('POST', `/api/classes/${c.id}/meetings/${second.id}/cancel`, {
      token: admin.idToken,
      body: { reason: '   ' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error.message).toBe(CLASS_TEXTS.cancelReason);

    const res = await api('POST', `/api/classes/${c.id}/meetings/${second.id}/cancel`, {
      token: admin.idToken,
      body: { reason: 'The barn is flooded' },
    });
    expect(res.status).toBe(200);
    expect(res.body.class.meetings[1].cancelled).toEqual({ at: expect.any(String), reason: 'The barn is flooded' });
    expect(res.body.class.meetings[0].cancelled).toBeUndefined();

    const again = await api('POST', `/api/classes/${c.id}/meetings/${second.id}/cancel`, {
      token: admin.idToken,
      body: { reason: 'Twice' },
    });
    expect(again.status).toBe(409);

    // Off the trainer's and the seat holder's calendars, and no longer busy time.
    const from = new Date(Date.parse(c.meetings[0].startsAt) - DAY).toISOString();
    const to = new Date(Date.parse(c.meetings[2].startsAt) + DAY).toISOString();
    for (const u of [admin, seated]) {
      const list = await api('GET', `/api/class-meetings?from=${from}&to=${to}`, { token: u.idToken });
      const ids = (list.body.meetings as CalendarMeeting[]).filter((m) => m.classId === c.id).map((m) => m.id);
      expect(ids).toEqual([c.meetings[0].id, c.meetings[2].id]);
    }
    const start = Date.parse(second.startsAt);
    expect(await busyIntervals(start - DAY, start + DAY)).not.toContainEqual(
      expect.objectContaining({ start, end: Date.parse(second.endsAt) }),
    );

    // The seat holder's message, with the reason; the waitlisted client gets none.
    const message = await waitFor(() => findMessage(cancelMessageId(second.id, seated.profileId)));
    expect(message?.subject).toBe('Class meeting cancelled - Rainy Manners');
    expect(message?.content).toContain('Reason: The barn is flooded');
    expect(await findMessage(cancelMessageId(second.id, waiting.profileId))).toBeUndefined();
    // The event again sends nothing twice.
    expect(await notifyMeetingCancelled({ classId: c.id, meetingId: second.id })).toBe(0);

    // A cancelled meeting takes no attendance.
    const mark = await api('PUT', `/api/classes/${c.id}/meetings/${second.id}/attendance`, {
      token: admin.idToken,
      body: { dogId: 'x', status: 'present' },
    });
    expect(mark.status).toBe(409);
  });

  it('refuses a draft’s meeting and an unknown one', async () => {
    const created = await api('POST', '/api/classes', { token: admin.idToken, body: classBody() });
    const c: ClassView = created.body.class;
    const draft = await api('POST', `/api/classes/${c.id}/meetings/${c.meetings[0].id}/cancel`, {
      token: admin.idToken,
      body: { reason: 'x' },
    });
    expect(draft.status).toBe(409);
    const unknown = await api('POST', `/api/classes/${c.id}/meetings/nope/cancel`, {
      token: admin.idToken,
      body: { reason: 'x' },
    });
    expect(unknown.status).toBe(404);
  });
});
