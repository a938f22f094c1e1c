import { randomUUID } from 'node:crypto';
import type { BookingRequest, OpenTimesQuery } from '../contracts/booking.js';
import {
  type Availability,
  BOOKING_TEXTS,
  type BookingStatus,
  type BookingsChangedDetail,
  type BookingView,
  OPEN_TIMES_MAX_WEEKS,
  type OpenTimesResponse,
} from '../contracts/booking-options.js';
import type { SessionType } from '../contracts/session-options.js';
import { store, type TxEntities, type TxItem, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import { Conflict, retryOnConflict } from '../retry.js';
import { getAvailability } from './availability.js';
import { claimSlotItems, holdCreditItem, releaseCreditItem, releaseSlotItems } from './booking-holds.js';
import { busyDayItems, busyEntry, busyIntervals, isBusyDayItem, readBusyDays } from './busy-days.js';
import { COUNTERS, counterDelta } from './counters.js';
import { getCreditBalance } from './credits.js';
import { type DogItem, findDog } from './dogs.js';
import { fullName } from './names.js';
import { openTimes, slotCells } from './open-times.js';
import { outboxItem } from './outbox.js';
import { getProfileById, type Profile } from './profiles.js';
import { cancelledSessionItems, newSessionRecord, scheduledSessionItems } from './session-writes.js';
import { findSession, OPEN } from './sessions.js';
import { businessTimeZoneSetting } from './settings.js';

/**
 * Online booking (docs/decisions/0034-online-booking.md). A client requests an open time for one of
 * their dogs and a bookable type; the request claims the time's slot cells (a conditional put each) and
 * holds one of their session credits in the same transaction, so two requests can never both have one
 * time. "Confirmed at once" schedules the session in that transaction; otherwise the trainer approves
 * (the session is scheduled) or declines (cells and credit given back). A client may cancel until the
 * cut-off (credit back) or later (the held credit is used).
 */

const MINUTE = 60_000;
const WEEK = 7 * 24 * 60 * MINUTE;

/** A booking as stored (the entity's attributes). */
export interface BookingItem {
  id: string;
  clientId: string;
  clientName?: string;
  dogId: string;
  dogName?: string;
  sessionType: SessionType;
  scheduledAt: string;
  durationMinutes: number;
  endsAt: string;
  status: BookingStatus;
  slotCells: string[];
  sessionId?: string;
  note?: string;
  creditUsed?: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface BookingWriteOptions {
  /** The site's origin, for the links in the message e-mails. */
  siteUrl: string;
  now?: number;
}

export function toBookingView(b: BookingItem): BookingView {
  return {
    id: b.id,
    clientId: b.clientId,
    clientName: b.clientName ?? '',
    dogId: b.dogId,
    dogName: b.dogName ?? '',
    sessionType: b.sessionType,
    scheduledAt: b.scheduledAt,
    durationMinutes: b.durationMinutes,
    status: b.status,
    ...(b.sessionId ? { sessionId: b.sessionId } : {}),
    ...(b.note ? { note: b.note } : {}),
    ...(b.creditUsed ? { creditUsed: true } : {}),
    createdAt: b.createdAt,
    updatedAt: b.updatedAt,
  };
}

// ---------------------------------------------------------------------------------------------------
// Open times

function bookableType(a: Availability, sessionType: SessionType) {
  const type = a.bookableTypes.find((t) => t.sessionType === sessionType);
  if (!type) {
    throw new AppError('VALIDATION', BOOKING_TEXTS.typeNotBookable, { sessionType: [BOOKING_TEXTS.typeNotBookable] });
  }
  return type;
}

/**
 * GET /api/me/open-times: the bookable types and the open start times of one (default the first) for
 * `weeks` weeks from `from` (default now).
 */
export async function getOpenTimes(query: OpenTimesQuery, now = Date.now()): Promise<OpenTimesResponse> {
  const [{ availability }, timeZone] = await Promise.all([getAvailability(), businessTimeZoneSetting()]);
  const from = Math.max(query.from ? Date.parse(query.from) : now, now);
  const to = from + Math.min(query.weeks ?? 4, OPEN_TIMES_MAX_WEEKS) * WEEK;
  const range = { from: new Date(from).toISOString(), to: new Date(to).toISOString() };
  const { bookableTypes } = availability;
  if (!query.sessionType && !bookableTypes.length) {
    return { timeZone, bookableTypes, sessionType: null, durationMinutes: 0, ...range, times: [] };
  }
  const type = bookableType(availability, query.sessionType ?? bookableTypes[0].sessionType);
  const busy = await busyIntervals(from, to);
  const times = openTimes({
    availability,
    timeZone,
    durationMinutes: type.durationMinutes,
    from: new Date(from),
    to: new Date(to),
    now: new Date(now),
    busy,
  });
  return {
    timeZone,
    bookableTypes,
    sessionType: type.sessionType,
    durationMinutes: type.durationMinutes,
    ...range,
    times: times.map((t) => new Date(t).toISOString()),
  };
}

// ---------------------------------------------------------------------------------------------------
// Requests

function changedItem(
  e: TxEntities,
  b: Pick<BookingItem, 'id' | 'clientId'>,
  status: BookingStatus,
  requested = false,
): TxItem {
  return outboxItem(e, 'BookingsChanged', {
    bookingId: b.id,
    clientId: b.clientId,
    status,
    ...(requested ? { requested } : {}),
  } satisfies BookingsChangedDetail);
}

/** The trainer who sends the messages of what a client does alone: who saved the availability. */
async function businessSender(updatedBy: string | undefined): Promise<Profile | undefined> {
  const p = updatedBy ? await getProfileById(updatedBy) : undefined;
  return p?.role === 'admin' ? p : undefined;
}

/** Tries of a request's transaction cancelled by a conflict with another one (not by a condition). */
const CONFLICT_RETRY = { attempts: 9, firstDelayMs: 25, maxDelayMs: 400 };
/** Re-reads of the busy time when a day read was written before the request's transaction. */
const BUSY_REREADS = 50;

/**
 * A client requests `input.scheduledAt` for one of their dogs and a bookable type. The time must be one
 * of the open times by the availability (VALIDATION otherwise), free now (CONFLICT "That time was just
 * taken"), and the client must have a credit (CONFLICT, the payment offer). One transaction: the
 * booking, its slot cells (each on condition it is free), the held credit (on condition one is left),
 * the pending count or, confirmed at once, the scheduled session, and the live notices.
 */
export async function requestBooking(
  client: Profile,
  input: BookingRequest,
  opts: BookingWriteOptions,
): Promise<BookingItem> {
  const now = opts.now ?? Date.now();
  const [{ availability, updatedBy }, timeZone, dog] = await Promise.all([
    getAvailability(),
    businessTimeZoneSetting(),
    findDog(input.dogId),
  ]);
  if (!dog || dog.profileId !== client.id) {
    throw new AppError('VALIDATION', BOOKING_TEXTS.dogNotYours, { dogId: [BOOKING_TEXTS.dogNotYours] });
  }
  const type = bookableType(availability, input.sessionType);
  const start = Date.parse(input.scheduledAt);
  const day = { from: new Date(start - 1), to: new Date(start + 1), now: new Date(now), timeZone };
  const base = { availability, durationMinutes: type.durationMinutes, ...day };
  if (!openTimes({ ...base, busy: [] }).includes(start)) {
    throw new AppError('VALIDATION', BOOKING_TEXTS.notOpen, { scheduledAt: [BOOKING_TEXTS.notOpen] });
  }
  // The busy time around the start (with the buffers) and the versions of the days read: the transaction
  // is cancelled if a session or request was written on one of them meanwhile, and the time is read again.
  const readBusy = async () => {
    const read = await readBusyDays(
      start - availability.bufferMinutes * MINUTE,
      start + (type.durationMinutes + availability.bufferMinutes) * MINUTE,
    );
    if (!openTimes({ ...base, busy: read.busy }).includes(start)) throw new AppError('CONFLICT', BOOKING_TEXTS.taken);
    return read.versions;
  };
  let versions = await readBusy();
  if ((await getCreditBalance(client.id)) < 1) throw new AppError('CONFLICT', BOOKING_TEXTS.noCredit);

  const instant = availability.approval === 'instant';
  const sender = instant ? await businessSender(updatedBy) : undefined;
  const scheduledAt = new Date(start).toISOString();
  const cells = slotCells(start, type.durationMinutes, availability.bufferMinutes);
  const booking = {
    id: randomUUID(),
    clientId: client.id,
    clientName: fullName(client),
    dogId: dog.id,
    dogName: dog.name,
    sessionType: type.sessionType,
    scheduledAt,
    durationMinutes: type.durationMinutes,
    endsAt: new Date(start + type.durationMinutes * MINUTE).toISOString(),
    slotCells: cells,
  };
  const session = instant
    ? newSessionRecord(client, dog, {
        scheduledAt,
        durationMinutes: type.durationMinutes,
        sessionType: type.sessionType,
        bookingId: booking.id,
        slotCells: cells,
        creditHeld: true,
      })
    : undefined;
  const status: BookingStatus = session ? 'approved' : 'pending';
  let reads = 0;
  return retryOnConflict(
    async () => {
      let items: TxItem[] = [];
      const { canceled, codes } = await writeTransaction((e) => {
        items = [
          e.booking.create({ ...booking, status, ...(session ? { sessionId: session.id } : {}) }).commit(),
          ...claimSlotItems(e, cells, booking.id),
          holdCreditItem(e, client.id),
          ...(session
            ? scheduledSessionItems(e, session, sender, opts.siteUrl, versions)
            : [counterDelta(e, COUNTERS.pendingBookings, 1), ...busyDayItems({ add: [busyEntry(booking)] }, versions)]),
          changedItem(e, booking, status, true),
        ];
        return items;
      });
      if (!canceled) return getBooking(booking.id);
      const cellCodes = codes.slice(1, 1 + cells.length);
      if (cellCodes.includes('ConditionalCheckFailed')) throw new AppError('CONFLICT', BOOKING_TEXTS.taken);
      if (codes[1 + cells.length] === 'ConditionalCheckFailed') throw new AppError('CONFLICT', BOOKING_TEXTS.noCredit);
      const taken = new AppError('CONFLICT', BOOKING_TEXTS.taken);
      // A day read was written meanwhile: read the busy time again (taken: 409) and try again at once. Each
      // such round means another write landed, so it ends; the bound only guards against a stuck loop.
      if (items.some((item, i) => isBusyDayItem(item) && codes[i] === 'ConditionalCheckFailed')) {
        if (reads++ >= BUSY_REREADS) throw taken;
        versions = await readBusy();
        throw new BusyMoved(taken);
      }
      // Another transaction was writing one of the same items (TransactionConflict: requests for one time,
      // or sharing the client's credits or the pending counter): again after a growing, jittered pause, until
      // the conditions decide. Giving up early could turn every one of many simultaneous requests away while
      // the time is still free.
      throw new Conflict(taken);
    },
    { ...CONFLICT_RETRY, countsIf: (e) => !(e instanceof BusyMoved) },
  );
}

/** A re-read of the busy time: tried again at once, without using one of the conflict tries. */
class BusyMoved extends Conflict {}

export async function findBooking(id: string): Promise<BookingItem | undefined> {
  const { data } = await store().entities.booking.get({ id }).go({ consistent: true });
  return (data ?? undefined) as BookingItem | undefined;
}

async function getBooking(id: string): Promise<BookingItem> {
  const b = await findBooking(id);
  if (!b) throw new AppError('NOT_FOUND', BOOKING_TEXTS.notFound);
  return b;
}

/** A status change of a booking, on condition it is still in the status read. */
function statusItem(e: TxEntities, b: BookingItem, set: Partial<BookingItem> & { status: BookingStatus }): TxItem {
  return e.booking
    .patch({ id: b.id })
    .set(set)
    .composite({ scheduledAt: b.scheduledAt })
    .where(({ status }, { eq }) => eq(status, b.status))
    .commit();
}

// ---------------------------------------------------------------------------------------------------
// The trainer decides

/**
 * The trainer approves a pending request: it becomes a scheduled session (the appointment message and
 * e-mail, the reminder, the calendar feed) that keeps the cells and the held credit; the note goes with
 * the message. CONFLICT when it is no longer pending.
 */
export async function approveBooking(
  admin: Profile,
  id: string,
  note: string | undefined,
  opts: BookingWriteOptions,
): Promise<BookingItem> {
  const b = await getBooking(id);
  if (b.status !== 'pending') throw new AppError('CONFLICT', BOOKING_TEXTS.onlyPending);
  const [client, dog] = await Promise.all([getProfileById(b.clientId), findDog(b.dogId)]);
  if (!client || !dog) throw new AppError('CONFLICT', BOOKING_TEXTS.changedMeanwhile);
  const session = newSessionRecord(client, dog as DogItem, {
    scheduledAt: b.scheduledAt,
    durationMinutes: b.durationMinutes,
    sessionType: b.sessionType,
    bookingId: b.id,
    slotCells: b.slotCells,
    creditHeld: true,
    ...(note ? { notes: note } : {}),
  });
  const { canceled } = await writeTransaction((e) => [
    statusItem(e, b, { status: 'approved', sessionId: session.id, ...(note ? { note } : {}) }),
    counterDelta(e, COUNTERS.pendingBookings, -1),
    ...scheduledSessionItems(e, session, admin, opts.siteUrl),
    changedItem(e, b, 'approved'),
  ]);
  if (canceled) throw new AppError('CONFLICT', BOOKING_TEXTS.onlyPending);
  return getBooking(id);
}

/**
 * The trainer declines a pending request with an optional note: the cells are freed, the credit given
 * back, and the client gets the message and e-mail (events/send-booking-message).
 */
export async function declineBooking(admin: Profile, id: string, note: string | undefined, opts: BookingWriteOptions) {
  const b = await getBooking(id);
  if (b.status !== 'pending') throw new AppError('CONFLICT', BOOKING_TEXTS.onlyPending);
  const { canceled } = await writeTransaction((e) => [
    statusItem(e, b, { status: 'declined', ...(note ? { note } : {}) }),
    counterDelta(e, COUNTERS.pendingBookings, -1),
    ...releaseSlotItems(e, b.slotCells),
    releaseCreditItem(e, b.clientId, true),
    ...busyDayItems({ remove: [busyEntry(b)] }),
    changedItem(e, b, 'declined'),
    outboxItem(e, 'BookingDeclined', {
      bookingId: b.id,
      messageId: randomUUID(),
      senderId: admin.id,
      ...(opts.siteUrl ? { siteUrl: opts.siteUrl } : {}),
    } satisfies BookingDeclinedDetail),
  ]);
  if (canceled) throw new AppError('CONFLICT', BOOKING_TEXTS.onlyPending);
  return getBooking(id);
}

/** Event detail of `BookingDeclined`: the message's id is fixed at the write, so it is sent once. */
export interface BookingDeclinedDetail {
  bookingId: string;
  messageId: string;
  senderId: string;
  siteUrl?: string;
}

// ---------------------------------------------------------------------------------------------------
// The client cancels

/**
 * A client cancels their own pending or approved booking. Before the trainer's cut-off the held credit
 * goes back to their balance; later it is used (as a session would). The cells are freed; an approved
 * booking's session is cancelled (message, reminder removed). Another client's booking is not found.
 */
export async function cancelMyBooking(profileId: string, id: string, opts: BookingWriteOptions): Promise<BookingItem> {
  const now = opts.now ?? Date.now();
  const b = await findBooking(id);
  if (!b || b.clientId !== profileId) throw new AppError('NOT_FOUND', BOOKING_TEXTS.notFound);
  if (b.status !== 'pending' && b.status !== 'approved') throw new AppError('CONFLICT', BOOKING_TEXTS.cancelOnlyOpen);
  const { availability, updatedBy } = await getAvailability();
  const session = b.sessionId ? await findSession(b.sessionId) : undefined;
  if (b.status === 'approved') {
    // The session is the truth once approved: it must still be open and where it was booked.
    if (!session || !OPEN.includes(session.status)) throw new AppError('CONFLICT', BOOKING_TEXTS.cancelOnlyOpen);
    if (session.scheduledAt !== b.scheduledAt || !session.creditHeld) {
      throw new AppError('CONFLICT', BOOKING_TEXTS.sessionChanged);
    }
  }
  const inTime = Date.parse(b.scheduledAt) - now >= availability.cancellationCutoffHours * 60 * MINUTE;
  const sender = session ? await businessSender(updatedBy) : undefined;
  const { canceled } = await writeTransaction((e) => [
    statusItem(e, b, { status: 'cancelled', ...(inTime ? {} : { creditUsed: true }) }),
    ...(b.status === 'pending' ? [counterDelta(e, COUNTERS.pendingBookings, -1)] : []),
    ...releaseSlotItems(e, session?.slotCells ?? b.slotCells),
    releaseCreditItem(e, b.clientId, inTime),
    // The session's cancellation frees its busy time (one entry with the booking's); a request its own.
    ...(session ? cancelledSessionItems(e, session, sender, opts.siteUrl) : busyDayItems({ remove: [busyEntry(b)] })),
    changedItem(e, b, 'cancelled'),
  ]);
  if (canceled) throw new AppError('CONFLICT', BOOKING_TEXTS.changedMeanwhile);
  return getBooking(id);
}

// ---------------------------------------------------------------------------------------------------
// Lists

/** A client's own bookings, the latest start first (at most 50). */
export async function listMyBookings(clientId: string): Promise<BookingItem[]> {
  const { data } = await store().entities.booking.query.byClient({ clientId }).go({ limit: 50, order: 'desc' });
  return data as BookingItem[];
}

/** The trainer's list: the bookings of a status, soonest first (at most 100). */
export async function listBookings(status: BookingStatus = 'pending'): Promise<BookingItem[]> {
  const { data } = await store()
    .entities.booking.query.byStatus({ status })
    .go({ limit: 100, order: status === 'pending' ? 'asc' : 'desc' });
  return data as BookingItem[];
}
