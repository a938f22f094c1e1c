import { publishEvent } from '../adapters/events.js';
import { cancelSchedule } from '../adapters/scheduler.js';
import { deleteObject } from '../adapters/storage.js';
import { deleteUser } from '../adapters/user-directory.js';
import type { DogRequest } from '../contracts/clients.js';
import { isConditionFailure, store, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import type { BookingItem } from './bookings.js';
import { busyEntry, writeBusyDays } from './busy-days.js';
import { type ClientChanges, getClient, updateProfileFields } from './clients.js';
import { COUNTERS, counterDelta } from './counters.js';
import { type DogItem, deleteDog, findDog, updateDogFields } from './dogs.js';
import { tokenKeys as messageTokenKeys, scheduleNameOf } from './messages.js';
import { fullName } from './names.js';
import { closePayment } from './payment-records.js';
import { freshProfile, type Profile } from './profiles.js';
import { listReferralItems } from './referrals.js';
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
 * invitations for the e-mail, realtime connections, the
 * private calendar feed (its secret's item and the profile's pointer to it), and every entity of the
 * client's item collection. Used by the full deletion and by its test.
 */
export async function listClientItems(profile: Pick<Profile, 'id' | 'email' | 'searchTokens'>) {
  const s = store();
  const [records, sessions, invitations, connections, feedOwner, payments, credits, referrals, bookings] =
    await Promise.all([
      s.collections.clientRecords({ profileId: profile.id }).go({ pages: 'all' }),
      s.entities.session.query.byClient({ clientId: profile.id }).go({ pages: 'all' }),
      s.entities.invitation.query.byEmail({ email: profile.email }).go({ pages: 'all' }),
      s.entities.connection.query.byProfile({ profileId: profile.id }).go({ pages: 'all' }),
      s.entities.calendarFeedOwner.get({ profileId: profile.id }).go({ consistent: true }),
      s.entities.payment.query.byProfile({ profileId: profile.id }).go({ pages: 'all' }),
      s.entities.sessionCredits.get({ profileId: profile.id }).go({ consistent: true }),
      listReferralItems(profile.id),
      s.entities.booking.query.byClient({ clientId: profile.id }).go({ pages: 'all' }),
    ]);
  const feed = feedOwner.data
    ? (await s.entities.calendarFeed.get({ token: feedOwner.data.token }).go({ consistent: true })).data
    : null;
  return {
    dogs: records.data.dog,
    notes: records.data.clientNote,
    messages: records.data.message,
    sessions: sessions.data,
    invitations: invitations.data,
    connections: connections.data,
    payments: payments.data,
    /** Booking requests (docs/decisions/0034-online-booking.md); an open one holds slot cells. */
    bookings: bookings.data,
    /** The session credits balance: at most one item. */
    credits: credits.data ? [credits.data] : [],
    /** The referral code's row and the referrals sent with it; the code's unique items go with them. */
    referrals: referrals.referrals,
    referralClaims: referrals.uniques,
    photoKeys: records.data.dog.map((d) => d.photoKey).filter((k): k is string => !!k),
    /** The dogs' vaccination records, and their certificates in the media bucket. */
    vaccinations: records.data.vaccination,
    certificateKeys: records.data.vaccination.map((v) => v.certificateKey).filter((k): k is string => !!k),
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
 * The child records go first in batches; the profile, its e-mail claim and search words and the
 * counter go last in one transaction, then the Cognito user. A run that fails part-way can simply be
 * run again: every step deletes what is still there.
 */
export async function deleteClientCompletely(id: string): Promise<void> {
  const current = await getClient(id);
  const items = await listClientItems(current);
  const s = store();
  for (const key of [...items.photoKeys, ...items.certificateKeys]) await deleteObject(key);
  const batches: Promise<unknown>[] = [];
  if (items.dogs.length) batches.push(s.entities.dog.delete(items.dogs.map((d) => ({ id: d.id }))).go());
  if (items.vaccinations.length) {
    batches.push(s.entities.vaccination.delete(items.vaccinations.map((v) => ({ id: v.id }))).go());
    // Their reminders would find nothing; removing them keeps the scheduler tidy.
    for (const v of items.vaccinations) batches.push(cancelVaccinationReminders(v.id).catch(() => undefined));
  }
  if (items.referrals.length) batches.push(s.entities.referral.delete(items.referrals.map((r) => ({ id: r.id }))).go());
  if (items.referralClaims.length) batches.push(s.entities.unique.delete(items.referralClaims).go());
  // A pending payment holds a discount use: closing it gives the use back before the payment goes.
  for (const p of items.payments) if (p.status === 'pending') await closePayment(p.id, 'expired');
  if (items.payments.length) batches.push(s.entities.payment.delete(items.payments.map((p) => ({ id: p.id }))).go());
  if (items.notes.length) batches.push(s.entities.clientNote.delete(items.notes.map((n) => ({ id: n.id }))).go());
  if (items.messages.length) {
    batches.push(s.entities.message.delete(items.messages.map((m) => ({ id: m.id }))).go());
    const tokens = items.messages.flatMap((m) => messageTokenKeys(m));
    if (tokens.length) batches.push(s.entities.messageToken.delete(tokens).go());
    // A scheduled message's schedule would find nothing; cancelling keeps the scheduler tidy.
    for (const m of items.messages) if (m.status === 'scheduled') batches.push(cancelSchedule(scheduleNameOf(m.id)));
  }
  // Bookings go with the slot cells the open ones hold (each cell only while it is still theirs) and the
  // pending count.
  batches.push(deleteClientBookings(items.bookings as BookingItem[]));
  // Sessions go with their search words and leave the sessions counters, in transactions.
  batches.push(deleteClientSessions(id, items.sessions as SessionItem[]));
  // Their reminder schedules would find nothing to remind of; removing them is tidiness only.
  for (const session of items.sessions as SessionItem[]) {
    batches.push(cancelSchedule(reminderScheduleNameOf(session.id)).catch(() => undefined));
  }
  if (items.invitations.length)
    batches.push(s.entities.invitation.delete(items.invitations.map((i) => ({ token: i.token }))).go());
  if (items.connections.length)
    batches.push(s.entities.connection.delete(items.connections.map((c) => ({ connectionId: c.connectionId }))).go());
  await Promise.all(batches);
  const tokens = current.searchTokens ?? [];
  const feedOwner = items.calendarFeeds.find((f) => f.kind === 'owner');
  // TransactWriteItems takes at most 100 items; a client has far fewer search words than that.
  // The calendar feed goes with the profile: its secret URL stops answering in the same write (a
  // reset in between changes the pointer and cancels this, so no new secret is left behind).
  const { canceled } = await writeTransaction((e) => [
    e.profile.delete({ id }).commit(),
    e.unique.delete({ kind: 'email', value: current.email }).commit(),
    ...searchTokenItems(e, 'delete', id, tokens),
    // The credits balance goes with the profile (a delete of an absent item is no change).
    e.sessionCredits.delete({ profileId: id }).commit(),
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
  await deleteUser(current.userId);
  if (items.connections.length) {
    await publishEvent('ClientAccessRevoked', {
      profileId: id,
      connectionIds: items.connections.map((c) => c.connectionId),
    });
  }
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
  if (bookings.length) await s.entities.booking.delete(bookings.map((b) => ({ id: b.id }))).go();
}
