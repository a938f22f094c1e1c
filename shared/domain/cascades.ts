import { publishEvent } from '../adapters/events.js';
import { cancelSchedule } from '../adapters/scheduler.js';
import { deleteObject } from '../adapters/storage.js';
import { deleteUser } from '../adapters/user-directory.js';
import type { DogRequest } from '../contracts/clients.js';
import { batchWriteAll } from '../db/batch.js';
import { isConditionFailure, store, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import type { BookingItem } from './bookings.js';
import { busyEntry, writeBusyDays } from './busy-days.js';
import { listClientAttendance } from './class-attendance.js';
import { listClientEnrolments } from './classes.js';
import { type ClientChanges, getClient, updateProfileFields } from './clients.js';
import { postTokenKeys } from './conversation-search.js';
import { type ConversationItem, clientPostLimitKey, type PostItem } from './conversations.js';
import { COUNTERS, counterDelta } from './counters.js';
import { type DogItem, deleteDog, findDog, updateDogFields } from './dogs.js';
import { cancelEnrolment } from './enrolments.js';
import { tokenKeys as messageTokenKeys, scheduleNameOf } from './messages.js';
import { fullName } from './names.js';
import { closePayment } from './payment-records.js';
import { freshProfile, type Profile } from './profiles.js';
import { listPushSubscriptions } from './push-subscriptions.js';
import { rateLimitCounters } from './rate-limits.js';
import { listReferralItems, referralSendLimitKey } from './referrals.js';
import { searchTokenItems } from './search.js';
import { reminderScheduleNameOf } from './session-reminders.js';
import { deleteClientSessions, renameClientInSessions, renameDogInSessions, type SessionItem } from './sessions.js';
import { cancelVaccinationReminders } from './vaccination-reminders.js';
import { deleteDogVaccinations } from './vaccinations.js';

/**
 * Work that crosses aggregates (docs/decisions/0024-domain-layers.md): renaming a client or a dog
 * (their sessions keep a copy of the names, for the lists and the search) and deleting a client with
 * everything stored under their keys. The aggregates below (clients, dogs, sessions, messages,
 * session reminders) never import this module, so none of them depends on another through it.
 */

// ---------------------------------------------------------------------------------------------------
// Renames

/**
 * Writes a profile's changed fields, then, when a client's name changed, copies the new name onto
 * their sessions (which show and search the client's name as it was when written).
 */
async function writeProfileFields(current: Profile, changes: ClientChanges): Promise<void> {
  const next = await updateProfileFields(current, changes);
  if (current.role === 'client' && (next.firstName !== current.firstName || next.lastName !== current.lastName)) {
    await renameClientInSessions(current.id, fullName(next));
  }
}

/**
 * Updates a client's profile fields (null clears a field). When a searchable field changes, the old
 * search words are replaced by the new ones in the same transaction; a new name reaches their sessions.
 */
export async function updateClient(id: string, changes: ClientChanges): Promise<Profile> {
  await writeProfileFields(await getClient(id), changes);
  return getClient(id);
}

/**
 * The caller's own first name, last name and phone (SPEC 5: names required, e-mail read-only), for a
 * client or an admin; a client's search words and sessions follow. Returns the profile as now stored.
 */
export async function updateOwnProfile(
  profile: Profile,
  changes: Pick<ClientChanges, 'firstName' | 'lastName' | 'phone'>,
): Promise<Profile> {
  await writeProfileFields(await freshProfile(profile.id), {
    firstName: changes.firstName,
    lastName: changes.lastName,
    phone: changes.phone,
  });
  return freshProfile(profile.id);
}

/**
 * Replaces the form fields of a dog (shared/domain/dogs.ts `updateDogFields`); a new name or breed is
 * copied onto the dog's sessions, which show and search them as they were when written.
 */
export async function updateDog(id: string, input: DogRequest): Promise<DogItem> {
  const { before, after } = await updateDogFields(id, input);
  if (after.name !== before.name || after.breed !== before.breed) await renameDogInSessions(after);
  return after;
}

/** Deletes a dog with its photo, and its vaccination records with their certificates and reminders. */
export async function deleteDogWithRecords(id: string): Promise<void> {
  const dog = await findDog(id);
  if (!dog) throw new AppError('NOT_FOUND', 'Dog not found');
  await deleteDogVaccinations(dog);
  await deleteDog(id);
}

// ---------------------------------------------------------------------------------------------------
// A client's full deletion

/**
 * Everything stored under a client's keys: the profile, its e-mail claim and search words, dogs
 * (and their photos, vaccination records and certificates), notes, messages, sessions, payments and the session credits balance,
 * invitations for the e-mail, realtime connections, push subscriptions, the
 * private calendar feed (its secret's item and the profile's pointer to it), and every entity of the
 * client's item collection. Used by the full deletion and by its test.
 */
export async function listClientItems(profile: Pick<Profile, 'id' | 'email' | 'searchTokens'>) {
  const s = store();
  const [
    records,
    sessions,
    invitations,
    connections,
    feedOwner,
    payments,
    credits,
    referrals,
    bookings,
    rateLimits,
    postLimits,
    pushSubscriptions,
    enrolments,
    classAttendance,
  ] = await Promise.all([
    s.collections.clientRecords({ profileId: profile.id }).go({ pages: 'all' }),
    s.entities.session.query.byClient({ clientId: profile.id }).go({ pages: 'all' }),
    s.entities.invitation.query.byEmail({ email: profile.email }).go({ pages: 'all' }),
    s.entities.connection.query.byProfile({ profileId: profile.id }).go({ pages: 'all' }),
    s.entities.calendarFeedOwner.get({ profileId: profile.id }).go({ consistent: true }),
    s.entities.payment.query.byProfile({ profileId: profile.id }).go({ pages: 'all' }),
    s.entities.sessionCredits.get({ profileId: profile.id }).go({ consistent: true }),
    listReferralItems(profile.id),
    s.entities.booking.query.byClient({ clientId: profile.id }).go({ pages: 'all' }),
    rateLimitCounters(referralSendLimitKey(profile.id)),
    rateLimitCounters(clientPostLimitKey(profile.id)),
    listPushSubscriptions(profile.id),
    listClientEnrolments(profile.id),
    listClientAttendance(profile.id),
  ]);
  const feed = feedOwner.data
    ? (await s.entities.calendarFeed.get({ token: feedOwner.data.token }).go({ consistent: true })).data
    : null;
  return {
    dogs: records.data.dog,
    notes: records.data.clientNote,
    messages: records.data.message,
    /** Conversations with the trainer and their posts (docs/decisions/0047-conversations.md). */
    conversations: records.data.conversation as ConversationItem[],
    conversationPosts: records.data.conversationPost as PostItem[],
    sessions: sessions.data,
    invitations: invitations.data,
    connections: connections.data,
    payments: payments.data,
    /** Booking requests (docs/decisions/0034-online-booking.md); an open one holds slot cells. */
    bookings: bookings.data,
    /** Places in group classes (docs/decisions/0070-group-classes.md): seats and waitlist places. */
    enrolments,
    /** Their dogs' marks at class meetings, with the trainer's notes (docs/decisions/0072-class-attendance.md). */
    classAttendance,
    /** The session credits balance: at most one item. */
    credits: credits.data ? [credits.data] : [],
    /** The referral code's row and the referrals sent with it; the code's unique items go with them. */
    referrals: referrals.referrals,
    referralClaims: referrals.uniques,
    photoKeys: records.data.dog.map((d) => d.photoKey).filter((k): k is string => !!k),
    /** The dogs' vaccination records, and their certificates in the media bucket. */
    vaccinations: records.data.vaccination,
    certificateKeys: records.data.vaccination.map((v) => v.certificateKey).filter((k): k is string => !!k),
    /** The rate-limit counters named by the client's id (the referral sends', the conversation posts'). */
    rateLimits: [...rateLimits, ...postLimits],
    /** The devices that receive the client's push notifications (ADR 0055). */
    pushSubscriptions,
    /** The feed's secret and where it points: at most one, deleted with the profile. */
    calendarFeeds: [
      ...(feedOwner.data ? [{ kind: 'owner' as const, profileId: profile.id, token: feedOwner.data.token }] : []),
      ...(feed ? [{ kind: 'feed' as const, profileId: feed.profileId, token: feed.token }] : []),
    ],
  };
}

/**
 * Permanently deletes a client and all their data (SPEC 4 order: dogs, notes, messages, read
 * receipts, referrals, payments, profile, user, auth user), photos in the media bucket included. A
 * pending payment is closed first (expired), giving back the discount use its checkout held.
 *
 * The deletion keys on the profile (it finds the client and everything else from it), so the profile
 * goes last: objects first, then what other items are found from (a message's search words before the
 * message), then the child records in batches that finish (shared/db/batch.ts), the Cognito user, and
 * the profile with its e-mail claim, search words, counter and pointers in one transaction. A run that
 * fails part-way leaves the profile, and running it again deletes what is still there.
 */
export async function deleteClientCompletely(id: string): Promise<void> {
  const current = await getClient(id);
  const items = await listClientItems(current);
  const s = store();
  const deleteAll = <K>(
    what: string,
    keys: readonly K[],
    write: (keys: K[]) => Promise<{ unprocessed: readonly K[] }>,
  ) => (keys.length ? batchWriteAll(what, keys, write) : Promise.resolve());
  for (const key of [...items.photoKeys, ...items.certificateKeys]) await deleteObject(key);
  // A pending payment holds a discount use: closing it gives the use back before the payment goes.
  for (const p of items.payments) if (p.status === 'pending') await closePayment(p.id, 'expired');

  // What is found from other items goes before them: search words (from their messages and posts), schedules,
  // bookings' slot cells, the referral code's claim (from the owner's pointer, deleted with the profile).
  const tokens = items.messages.flatMap((m) => messageTokenKeys(m));
  const postTokens = items.conversationPosts.flatMap(postTokenKeys);
  const codeClaims = items.referralClaims.filter((u) => u.value !== id);
  await Promise.all([
    deleteAll('message search words', tokens, (keys) => s.entities.messageToken.delete(keys).go()),
    deleteAll('conversation search words', postTokens, (keys) => s.entities.conversationToken.delete(keys).go()),
    deleteAll('referral code claims', codeClaims, (keys) => s.entities.unique.delete(keys).go()),
    // Their reminders would find nothing; removing them keeps the scheduler tidy.
    ...items.vaccinations.map((v) => cancelVaccinationReminders(v.id).catch(() => undefined)),
    // A scheduled message's schedule would find nothing; cancelling keeps the scheduler tidy.
    ...items.messages.filter((m) => m.status === 'scheduled').map((m) => cancelSchedule(scheduleNameOf(m.id))),
    // Bookings go with the slot cells the open ones hold (each cell only while it is still theirs) and the
    // pending count.
    deleteClientBookings(items.bookings as BookingItem[]),
    // A live seat or waitlist place ends first, so the class's counts stay right.
    ...items.enrolments
      .filter((e) => e.status !== 'cancelled')
      .map((e) => cancelEnrolment({ role: 'admin', id }, e.id)),
    // Sessions go with their search words and leave the sessions counters, in transactions.
    deleteClientSessions(id, items.sessions as SessionItem[]),
    // Their reminder schedules would find nothing to remind of; removing them is tidiness only.
    ...(items.sessions as SessionItem[]).map((session) =>
      cancelSchedule(reminderScheduleNameOf(session.id)).catch(() => undefined),
    ),
  ]);
  const ids = <T extends { id: string }>(list: readonly T[]) => list.map((x) => ({ id: x.id }));
  await Promise.all([
    deleteAll('dogs', ids(items.dogs), (keys) => s.entities.dog.delete(keys).go()),
    deleteAll('vaccination records', ids(items.vaccinations), (keys) => s.entities.vaccination.delete(keys).go()),
    deleteAll('referrals', ids(items.referrals), (keys) => s.entities.referral.delete(keys).go()),
    deleteAll('payments', ids(items.payments), (keys) => s.entities.payment.delete(keys).go()),
    deleteAll('enrolments', ids(items.enrolments), (keys) => s.entities.enrolment.delete(keys).go()),
    deleteAll(
      'class attendance',
      items.classAttendance.map(({ classId, meetingId, dogId }) => ({ classId, meetingId, dogId })),
      (keys) => s.entities.classAttendance.delete(keys).go(),
    ),
    deleteAll('notes', ids(items.notes), (keys) => s.entities.clientNote.delete(keys).go()),
    deleteAll('messages', ids(items.messages), (keys) => s.entities.message.delete(keys).go()),
    deleteAll(
      'conversation posts',
      items.conversationPosts.map((p) => ({ threadId: p.threadId, createdAt: p.createdAt, id: p.id })),
      (keys) => s.entities.conversationPost.delete(keys).go(),
    ),
    // Each conversation goes with its share of the trainer's unread total, in one transaction.
    ...items.conversations.map((c) => deleteConversation(c)),
    deleteAll(
      'invitations',
      items.invitations.map((i) => ({ token: i.token })),
      (keys) => s.entities.invitation.delete(keys).go(),
    ),
    deleteAll(
      'connections',
      items.connections.map((c) => ({ connectionId: c.connectionId })),
      (keys) => s.entities.connection.delete(keys).go(),
    ),
    deleteAll('rate-limit counters', items.rateLimits, (keys) => s.entities.rateLimit.delete(keys).go()),
    deleteAll(
      'push subscriptions',
      items.pushSubscriptions.map((p) => ({ id: p.id })),
      (keys) => s.entities.pushSubscription.delete(keys).go(),
    ),
  ]);
  if (items.connections.length) {
    await publishEvent('ClientAccessRevoked', {
      profileId: id,
      connectionIds: items.connections.map((c) => c.connectionId),
    });
  }
  // The user goes before the profile: a run that stops after it still finds the client (a missing user is no error).
  await deleteUser(current.userId);
  const searchTokens = current.searchTokens ?? [];
  const feedOwner = items.calendarFeeds.find((f) => f.kind === 'owner');
  const ownerClaim = items.referralClaims.find((u) => u.value === id);
  // TransactWriteItems takes at most 100 items; a client has far fewer search words than that.
  // The calendar feed goes with the profile: its secret URL stops answering in the same write (a
  // reset in between changes the pointer and cancels this, so no new secret is left behind).
  const { canceled } = await writeTransaction((e) => [
    e.profile.delete({ id }).commit(),
    e.unique.delete({ kind: 'email', value: current.email }).commit(),
    ...searchTokenItems(e, 'delete', id, searchTokens),
    // The credits balance goes with the profile (a delete of an absent item is no change).
    e.sessionCredits.delete({ profileId: id }).commit(),
    ...(ownerClaim ? [e.unique.delete(ownerClaim).commit()] : []),
    ...(current.isActive ? [counterDelta(e, COUNTERS.activeClients, -1)] : []),
    ...(feedOwner
      ? [
          e.calendarFeedOwner
            .delete({ profileId: id })
            .where(({ token }, { eq }) => eq(token, feedOwner.token))
            .commit(),
          e.calendarFeed.delete({ token: feedOwner.token }).commit(),
        ]
      : [
          e.calendarFeedOwner
            .delete({ profileId: id })
            .where(({ profileId }, { notExists }) => notExists(profileId))
            .commit(),
        ]),
  ]);
  if (canceled) throw new AppError('CONFLICT', 'The client was changed meanwhile. Please try again.');
}

/** Deletes a conversation and, when it was unread, takes it out of the trainer's total (guarded by the count read). */
async function deleteConversation(c: ConversationItem): Promise<void> {
  const { canceled } = await writeTransaction((e) => [
    e.conversation
      .delete({ threadId: c.threadId })
      .where(({ trainerUnread }, { eq }) => eq(trainerUnread, c.trainerUnread))
      .commit(),
    ...(c.trainerUnread > 0 ? [counterDelta(e, COUNTERS.conversationsUnread, -1)] : []),
  ]);
  if (canceled) throw new AppError('CONFLICT', 'The client was changed meanwhile. Please try again.');
}

async function deleteClientBookings(bookings: readonly BookingItem[]): Promise<void> {
  const s = store();
  for (const b of bookings) {
    if (b.status !== 'pending' && b.status !== 'approved') continue;
    for (const at of b.slotCells) {
      await s.entities.bookingSlot
        .delete({ at })
        .where(({ bookingId }, { eq }) => eq(bookingId, b.id))
        .go()
        .catch((e: unknown) => {
          if (!isConditionFailure(e)) throw e;
        });
    }
  }
  // Their busy time goes (an approved one's entry is its session's, which goes with the sessions too).
  const open = bookings.filter((b) => b.status === 'pending' || b.status === 'approved');
  if (open.length) await writeBusyDays({ remove: open.map(busyEntry) });
  const pending = bookings.filter((b) => b.status === 'pending').length;
  if (pending) await s.entities.counter.update({ name: COUNTERS.pendingBookings }).add({ value: -pending }).go();
  if (bookings.length) {
    await batchWriteAll(
      'booking requests',
      bookings.map((b) => ({ id: b.id })),
      (keys) => s.entities.booking.delete(keys).go(),
    );
  }
}
