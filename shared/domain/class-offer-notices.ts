import { sendEmail } from '../adapters/email.js';
import { scheduleOnce } from '../adapters/scheduler.js';
import { CLASS_OFFER_TEXTS } from '../contracts/classes.js';
import { isConditionFailure, store } from '../db/service.js';
import { formatBusinessDateTime } from './business-time.js';
import type { ClassOfferExpiredDetail, ClassSeatOfferedDetail } from './class-offers.js';
import type { EnrolmentItem } from './classes.js';
import { composeMessages, findMessage } from './messages.js';
import { getProfileById, type Profile } from './profiles.js';
import { businessContact, businessTimeZoneSetting } from './settings.js';

/**
 * What follows a seat offer (ADR 0071), from its `ClassSeatOffered` outbox event: the offer's expiry is
 * scheduled first (a one-off schedule named after the offer, publishing `ClassOfferExpired` at its
 * deadline), then the client gets a portal message (its push notice follows, as for every message) and
 * one e-mail with the deadline in the business time zone and a link to their classes. Every step is
 * safe to repeat: the schedule's name is the offer's, the message's id is fixed in the event, and the
 * e-mail is claimed on the enrolment.
 */

/** The offer's schedule: its message id is unique per offer (an enrolment's id is too long for a name). */
export const offerScheduleNameOf = (messageId: string) => `class-offer-${messageId}`;

/** "Tuesday, June 3, 2025 at 2:00 PM EDT": an offer's deadline as the client reads it. */
export function offerDeadlineText(offerExpiresAt: string, timeZone: string): string {
  const when = formatBusinessDateTime(offerExpiresAt, timeZone);
  return `${when.date} at ${when.time}`;
}

export function offerMessage(e: Pick<EnrolmentItem, 'classTitle' | 'dogName'>, deadline: string, siteUrl: string) {
  const link = `${siteUrl.replace(/\/+$/, '')}${CLASS_OFFER_TEXTS.link}`;
  return {
    subject: CLASS_OFFER_TEXTS.subject(e.classTitle),
    content: [
      'Hi {client_name},',
      '',
      CLASS_OFFER_TEXTS.line(e.dogName, e.classTitle, deadline),
      '',
      `[Your classes](${link})`,
    ].join('\n'),
    messageType: 'appointment' as const,
    priority: 'high' as const,
  };
}

export function offerEmail(
  e: Pick<EnrolmentItem, 'classTitle' | 'dogName'>,
  firstName: string,
  deadline: string,
  siteUrl: string,
  business: { name: string },
) {
  const link = `${siteUrl.replace(/\/+$/, '')}${CLASS_OFFER_TEXTS.link}`;
  const subject = CLASS_OFFER_TEXTS.subject(e.classTitle)
    .replace(/[\r\n]+/g, ' ')
    .slice(0, 200);
  const text = [
    `Hi ${firstName},`,
    '',
    CLASS_OFFER_TEXTS.line(e.dogName, e.classTitle, deadline),
    '',
    'Take the seat or decline it in your client portal:',
    link,
    '',
    business.name,
  ].join('\n');
  return { subject, text, link };
}

/** Claims the offer's e-mail on the enrolment (once per offer, while it is still this offer). */
async function claimOfferEmail(id: string, offerExpiresAt: string, now: number): Promise<boolean> {
  try {
    await store()
      .entities.enrolment.patch({ id })
      .set({ offerEmailedAt: new Date(now).toISOString() })
      .where(
        ({ status, offerExpiresAt: until, offerEmailedAt }, { eq, notExists }) =>
          `${eq(status, 'offered')} AND ${eq(until, offerExpiresAt)} AND ${notExists(offerEmailedAt)}`,
      )
      .go();
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

export type OfferNoticeOutcome = 'sent' | 'not-open' | 'client-inactive';

/**
 * The `ClassSeatOffered` handler's work: schedule the offer's expiry, then tell the client. Nothing when
 * the offer is no longer open (taken, declined or passed on before the event arrived).
 */
export async function sendClassOffer(detail: ClassSeatOfferedDetail, now = Date.now()): Promise<OfferNoticeOutcome> {
  const { data } = await store().entities.enrolment.get({ id: detail.enrolmentId }).go({ consistent: true });
  const e = (data ?? undefined) as EnrolmentItem | undefined;
  if (e?.status !== 'offered' || e.offerExpiresAt !== detail.offerExpiresAt) return 'not-open';
  await scheduleOnce({
    name: offerScheduleNameOf(detail.messageId),
    at: detail.offerExpiresAt,
    event: 'ClassOfferExpired',
    detail: {
      enrolmentId: e.id,
      offerExpiresAt: detail.offerExpiresAt,
      ...(detail.siteUrl ? { siteUrl: detail.siteUrl } : {}),
    } satisfies ClassOfferExpiredDetail,
  });
  const client = await getProfileById(e.clientId);
  if (client?.role !== 'client' || !client.isActive) return 'client-inactive';
  const [timeZone, business] = await Promise.all([businessTimeZoneSetting(), businessContact()]);
  const deadline = offerDeadlineText(detail.offerExpiresAt, timeZone);
  const siteUrl = detail.siteUrl ?? '';
  if (!(await findMessage(detail.messageId))) {
    // The business offers the seat; no trainer profile is behind it. The offer's own e-mail below is its
    // e-mail, so the message's notice is not sent.
    const sender = { id: 'business', firstName: business.name, lastName: '' } as Profile;
    await composeMessages(
      sender,
      { recipientIds: [client.id], ...offerMessage(e, deadline, siteUrl), scheduledFor: null },
      { siteUrl, messageId: detail.messageId, now, noNoticeEmail: true },
    );
  }
  if (await claimOfferEmail(e.id, detail.offerExpiresAt, now)) {
    const { subject, text } = offerEmail(e, client.firstName, deadline, siteUrl, business);
    try {
      await sendEmail({ to: [client.email], subject, text, replyTo: business.email });
    } catch (err) {
      await store().entities.enrolment.patch({ id: e.id }).remove(['offerEmailedAt']).go();
      throw err;
    }
  }
  return 'sent';
}
