import { describe, expect, it } from 'vitest';
import { type SesMail, sesStore, waitFor } from '../support/api.js';
import { admin, alice, as, at, biscuit, bob, scheduled, setUpSessionParties } from './sessions-helpers.js';

/**
 * Issue 38: every appointment e-mail to the client carries a calendar invite (`invite.ics`) for the
 * session, with the calendar feed's UID, so the client's calendar creates, moves and removes one event.
 */

setUpSessionParties();

interface Invite {
  contentType: string;
  text: string;
}

/** The invites of the e-mails sent to `to` whose subject has `subject`, oldest first. */
async function invitesTo(to: string, subject: string): Promise<Invite[]> {
  const mails = (await sesStore()).filter((m: SesMail) => m.destination.to.includes(to) && m.subject.includes(subject));
  return mails
    .sort((a, b) => a.at - b.at)
    .flatMap((m) =>
      ((m.attachments ?? []) as { filename: string; contentType: string; content: string }[])
        .filter((a) => a.filename === 'invite.ics')
        .map((a) => ({ contentType: a.contentType, text: Buffer.from(a.content, 'base64').toString('utf8') })),
    );
}

/** A property's value (first occurrence; folded lines joined). */
const prop = (ics: string, name: string) =>
  new RegExp(`^${name}(?:;[^:\\r\\n]*)?:(.*)$`, 'm').exec(ics.replace(/\r\n /g, ''))?.[1];

describe('calendar invites in appointment e-mails (issue 38)', () => {
  it('a scheduled session sends REQUEST; a move sends an update of the same event; a cancel sends CANCEL', async () => {
    const s = await scheduled({ clientId: alice.profileId, dogId: biscuit.id, scheduledAt: at(9, 15) });
    const [first] = await waitFor(async () => {
      const found = await invitesTo(alice.email, 'Training Session Scheduled - Biscuit');
      return found.length ? found : undefined;
    });
    expect(first.contentType).toBe('text/calendar; charset=UTF-8; method=REQUEST');
    expect(first.text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    expect(prop(first.text, 'METHOD')).toBe('REQUEST');
    const uid = prop(first.text, 'UID') as string;
    expect(uid).toMatch(new RegExp(`^session-${s.id}@`));
    expect(prop(first.text, 'DTSTART')).toBe(s.scheduledAt.replace(/\.\d{3}Z$/, 'Z').replace(/[-:]/g, ''));
    expect(prop(first.text, 'STATUS')).toBe('CONFIRMED');
    const unfolded = first.text.replace(/\r\n /g, '');
    expect(unfolded).toMatch(/^ORGANIZER;CN="[^"]+":mailto:\S+@\S+\r$/m);
    expect(unfolded).toContain(`ATTENDEE;CN="Alice Ambler";ROLE=REQ-PARTICIPANT;RSVP=FALSE:mailto:${alice.email}`);
    // The client's invite names the dog, never another client.
    expect(prop(first.text, 'SUMMARY')).toContain('Biscuit');

    const moved = await as(admin).put(`/api/sessions/${s.id}`, {
      allowOverlap: true,
      clientId: alice.profileId,
      dogId: biscuit.id,
      scheduledAt: at(10, 16),
      durationMinutes: 60,
      sessionType: 'training',
    });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    const update = await waitFor(async () =>
      (await invitesTo(alice.email, 'Biscuit')).find((i) => prop(i.text, 'DTSTART') !== prop(first.text, 'DTSTART')),
    );
    expect(prop(update.text, 'METHOD')).toBe('REQUEST');
    expect(prop(update.text, 'UID')).toBe(uid);
    expect(Number(prop(update.text, 'SEQUENCE'))).toBeGreaterThan(Number(prop(first.text, 'SEQUENCE')));

    expect((await as(admin).post(`/api/sessions/${s.id}/cancel`)).status).toBe(200);
    const cancel = await waitFor(async () =>
      (await invitesTo(alice.email, 'Biscuit')).find((i) => prop(i.text, 'METHOD') === 'CANCEL'),
    );
    expect(cancel.contentType).toBe('text/calendar; charset=UTF-8; method=CANCEL');
    expect(prop(cancel.text, 'UID')).toBe(uid);
    expect(prop(cancel.text, 'STATUS')).toBe('CANCELLED');
    expect(Number(prop(cancel.text, 'SEQUENCE'))).toBeGreaterThanOrEqual(Number(prop(update.text, 'SEQUENCE')));
    // Nothing of it reaches the other client.
    expect(await invitesTo(bob.email, 'Biscuit')).toEqual([]);
  });

  it('a message that is not about a session carries no invite', async () => {
    const sent = await as(admin).post('/api/messages', {
      recipientIds: [alice.profileId],
      subject: 'Invite-free note',
      content: 'Plain message',
    });
    expect(sent.status).toBe(201);
    const mail = await waitFor(async () =>
      (await sesStore()).find((m) => m.destination.to.includes(alice.email) && m.subject.includes('Invite-free note')),
    );
    expect(mail.attachments ?? []).toEqual([]);
  });
});
