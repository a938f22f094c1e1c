import { store } from '../db/service.js';
import { AppError } from '../errors.js';
import { type BookingItem, toBookingView } from './bookings.js';
import { deleteClientCompletely, listClientItems } from './cascades.js';
import { toAttendanceView } from './class-attendance.js';
import { toEnrolmentView } from './classes.js';
import { conversationExport } from './conversations.js';
import type { DogItem } from './dogs.js';
import { type MessageItem, toInboxMessage } from './messages.js';
import { toPayment } from './payment-records.js';
import { type Profile, toClientView } from './profiles.js';
import { toPushSubscriptionView } from './push-subscriptions.js';
import { referralExport } from './referrals.js';
import { type SessionItem, toClientSessionView } from './sessions.js';
import type { VaccinationItem } from './vaccinations.js';

/** The export file's format marker: bump it when the shape changes incompatibly. */
export const EXPORT_FORMAT = 'pawsitive-portal-export/1';

/**
 * The entities of a client's records that are NOT theirs to see: the trainer's notes (SPEC 6: admin
 * notes never reach a client), the realtime connections (technical, minutes long) and the calendar
 * feed's secret (a credential; the settings show its URL), the referral code's unique items (its
 * rows, exported, carry the code) and the rate-limit counters (technical, hours long). Everything else under the client's keys is
 * in the export; a test holds the two lists together.
 */
export const NOT_EXPORTED = [
  'notes',
  'connections',
  'photoKeys',
  'certificateKeys',
  'calendarFeeds',
  'referralClaims',
  'rateLimits',
] as const;

const dogExport = ({ photoKey, photoContentType, ...dog }: DogItem) => ({
  ...dog,
  ...(photoKey ? { photo: { storedAs: photoKey.split('/').pop(), contentType: photoContentType } } : {}),
});

/** A vaccination record as exported: the record, and its certificate's file name and type (no storage key). */
const vaccinationExport = (v: VaccinationItem) => {
  const { certificateKey, certificateContentType, reminded30For: _r30, reminded7For: _r7, ...record } = v;
  return {
    ...record,
    ...(certificateKey
      ? { certificate: { storedAs: certificateKey.split('/').pop(), contentType: certificateContentType } }
      : {}),
  };
};

/**
 * Everything the product stores about a signed-in person (SPEC: profile, dogs, sessions, messages,
 * read receipts, settings...), read from the same item list the full deletion uses, so what is
 * deleted and what is exported cannot drift apart. Never the trainer's notes; messages only once
 * delivered (a scheduled one is still the trainer's draft).
 */
export async function exportAccountData(profile: Profile) {
  const items = await listClientItems(profile);
  const { data: submissions } = await store()
    .entities.contactSubmission.query.byEmail({ email: profile.email })
    .go({ pages: 'all' });
  const delivered = (items.messages as MessageItem[]).filter((m) => m.status === 'sent');
  const { preferences, ...profileView } = toClientView(profile) as ReturnType<typeof toClientView> & {
    preferences?: unknown;
  };
  return {
    format: EXPORT_FORMAT,
    exportedAt: new Date().toISOString(),
    profile: profileView,
    settings: preferences ?? {},
    dogs: (items.dogs as DogItem[]).map(dogExport),
    vaccinations: (items.vaccinations as VaccinationItem[]).map(vaccinationExport),
    sessions: (items.sessions as SessionItem[]).map(toClientSessionView),
    messages: delivered.map(toInboxMessage),
    readReceipts: delivered.filter((m) => m.readAt).map((m) => ({ messageId: m.id, readAt: m.readAt })),
    invitations: items.invitations.map(({ token: _token, createdBy: _by, ...rest }) => rest),
    contactSubmissions: submissions,
    payments: items.payments.map((p) => toPayment(p as unknown as Record<string, unknown>)),
    /** Session credits left (below 0: sessions completed without a credit, owed). */
    credits: { balance: items.credits[0]?.balance ?? 0, held: items.credits[0]?.held ?? 0 },
    bookings: (items.bookings as BookingItem[]).map(toBookingView),
    /** Seats and waitlist places in group classes. */
    enrolments: items.enrolments.map((e) => toEnrolmentView(e)),
    /** Their dogs' marks at class meetings, with the trainer's notes. */
    classAttendance: items.classAttendance.map(toAttendanceView),
    referrals: items.referrals.map(referralExport),
    /** Conversations with the trainer and their posts (`conversations`, `conversationPosts`). */
    ...conversationExport(items.conversations, items.conversationPosts),
    /** The devices that receive push notifications (their endpoint's service, never the endpoint or keys). */
    pushSubscriptions: items.pushSubscriptions.map(toPushSubscriptionView),
  };
}

/** SPEC-style text for the confirmation: the typed e-mail must be the account's. */
export const DELETE_CONFIRM_MISMATCH = 'Type your e-mail address exactly to confirm.';
export const ADMIN_SELF_DELETE = 'A trainer account cannot delete itself here.';

/**
 * A client deletes their own account: after the typed e-mail matches, the same full deletion the
 * trainer runs (dogs, notes, messages, sessions, invitations, profile, Cognito user).
 */
export async function deleteOwnAccount(profile: Profile, confirmEmail: string): Promise<void> {
  if (profile.role !== 'client') throw new AppError('FORBIDDEN', ADMIN_SELF_DELETE);
  if (confirmEmail.trim().toLowerCase() !== profile.email.toLowerCase()) {
    throw new AppError('VALIDATION', DELETE_CONFIRM_MISMATCH);
  }
  await deleteClientCompletely(profile.id);
}
