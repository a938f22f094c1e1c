import { randomUUID } from 'node:crypto';
import { CLASS_TEXTS, DEFAULT_CLASS_OFFER_HOLD_HOURS } from '../contracts/classes.js';
import { store, type TxEntities, type TxItem, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import { Conflict, retryOnConflict } from '../retry.js';
import { getAvailability } from './availability.js';
import { classPagesChanged } from './class-pages.js';
import { type ClassItem, type EnrolmentItem, findClass, getClass, listClassEnrolments, waitlistOf } from './classes.js';
import { outboxItem } from './outbox.js';

/**
 * Waitlist offers (docs/decisions/0071-class-waitlist-offers.md). A seat that frees while someone waits
 * is never free: in the transaction that frees it, the first waitlisted enrolment becomes `offered`
 * (the seat stays counted in `seatsTaken`, `waitlisted` goes down by one) and a `ClassSeatOffered`
 * outbox event sends the notices and schedules the expiry. Only when nobody waits is the seat freed,
 * on condition the class's `waitlisted` is 0, so a seat is never both free and owed to the waitlist.
 */

const HOUR = 3_600_000;
/** Offers passing on conflict with other writes of the class: read again and try again. */
const CONFLICT_RETRY = { attempts: 8, firstDelayMs: 25, maxDelayMs: 400 };

/** `ClassSeatOffered`: an enrolment was offered a seat (outbox, in the offer's transaction). */
export interface ClassSeatOfferedDetail {
  enrolmentId: string;
  offerExpiresAt: string;
  /** The offer's portal message id, fixed at the offer so a repeated delivery sends it once. */
  messageId: string;
  siteUrl?: string;
}

/** `ClassOfferExpired`: an offer's hold ended (one-off schedule at `offerExpiresAt`, or the local queue). */
export interface ClassOfferExpiredDetail {
  enrolmentId: string;
  offerExpiresAt: string;
  siteUrl?: string;
}

/** Where a freed seat goes: to the next on the waitlist until a deadline, or free. */
export type SeatPass =
  | { kind: 'offer'; next: EnrolmentItem; offerExpiresAt: string; siteUrl?: string }
  | { kind: 'free'; whenNobodyWaits: boolean };

/** When an offer made at `now` ends: the business's hold, but never after the first meeting starts. */
export async function offerDeadline(c: Pick<ClassItem, 'firstStart'>, now: number): Promise<string> {
  const { availability } = await getAvailability();
  const hours = availability.classOfferHoldHours ?? DEFAULT_CLASS_OFFER_HOLD_HOURS;
  return new Date(Math.min(now + hours * HOUR, Date.parse(c.firstStart))).toISOString();
}

/**
 * Where the seat of `c` (read consistently, just now) goes when it frees at `now`: once the class has
 * started nobody can take it (free, unconditionally); else to the first waitlisted enrolment by ticket,
 * or free when the class counts nobody waiting. The waitlist is read on the class's index (eventually
 * consistent): a count above 0 with nobody listed yet is a Conflict (read again).
 */
export async function planSeatPass(c: ClassItem, now: number, siteUrl?: string): Promise<SeatPass> {
  if (Date.parse(c.firstStart) <= now) return { kind: 'free', whenNobodyWaits: false };
  if (c.waitlisted <= 0) return { kind: 'free', whenNobodyWaits: true };
  const next = waitlistOf(await listClassEnrolments(c.id))[0];
  if (!next) throw new Conflict(new AppError('CONFLICT', CLASS_TEXTS.enrolFailed));
  return { kind: 'offer', next, offerExpiresAt: await offerDeadline(c, now), ...(siteUrl ? { siteUrl } : {}) };
}

/**
 * The transaction items that pass one freed seat of class `classId` as `pass` says. `newSeatBelow`: the
 * seat is a new one (the capacity was raised), so the offer also counts it taken, on condition the
 * count is below that capacity.
 */
export function seatPassItems(
  e: TxEntities,
  classId: string,
  pass: SeatPass,
  opts: { newSeatBelow?: number } = {},
): TxItem[] {
  if (pass.kind === 'free') {
    const free = e.groupClass.patch({ id: classId }).add({ seatsTaken: -1 });
    return [
      (pass.whenNobodyWaits ? free.where(({ waitlisted }, { eq }) => eq(waitlisted, 0)) : free).commit() as TxItem,
    ];
  }
  const { next, offerExpiresAt } = pass;
  const below = opts.newSeatBelow;
  return [
    e.groupClass
      .patch({ id: classId })
      .add({ waitlisted: -1, ...(below === undefined ? {} : { seatsTaken: 1 }) })
      .where(({ waitlisted, seatsTaken }, { gte, lt }) =>
        below === undefined ? gte(waitlisted, 1) : `${gte(waitlisted, 1)} AND ${lt(seatsTaken, below)}`,
      )
      .commit() as TxItem,
    e.enrolment
      .patch({ id: next.id })
      .set({ status: 'offered', offerExpiresAt })
      .remove(['position'])
      .where(({ status }, { eq }) => eq(status, 'waitlisted'))
      .commit() as TxItem,
    outboxItem(e, 'ClassSeatOffered', {
      enrolmentId: next.id,
      offerExpiresAt,
      messageId: randomUUID(),
      ...(pass.siteUrl ? { siteUrl: pass.siteUrl } : {}),
    } satisfies ClassSeatOfferedDetail) as TxItem,
  ];
}

/**
 * After the trainer raised a published class's capacity: each new seat is offered to the next on the
 * waitlist (no seat stays free while anyone waits, ADR 0071), one transaction per seat, until the seats
 * or the waitlist run out. Answers how many offers were made.
 */
export async function offerNewSeats(classId: string, opts: { now?: number; siteUrl?: string } = {}): Promise<number> {
  const now = opts.now ?? Date.now();
  let offers = 0;
  for (;;) {
    const made = await retryOnConflict(async () => {
      const c = await getClass(classId);
      if (c.status !== 'published' || c.seatsTaken >= c.capacity || c.waitlisted <= 0) return false;
      const pass = await planSeatPass(c, now, opts.siteUrl);
      if (pass.kind !== 'offer') return false;
      const { canceled } = await writeTransaction((e) => [
        ...seatPassItems(e, c.id, pass, { newSeatBelow: c.capacity }),
        classPagesChanged(e, c.id),
      ]);
      if (canceled) throw new Conflict(new AppError('CONFLICT', CLASS_TEXTS.enrolFailed));
      return true;
    }, CONFLICT_RETRY);
    if (!made) return offers;
    offers += 1;
  }
}

/** Holds `credits` of the client's balance (on condition the balance has them), as a booking holds its credit. */
export const holdCreditsItem = (e: TxEntities, clientId: string, credits: number) =>
  e.sessionCredits
    .update({ profileId: clientId })
    .add({ balance: -credits, held: credits })
    .where(({ balance }, { gte }) => gte(balance, credits))
    .commit() as TxItem;

async function readEnrolment(id: string): Promise<EnrolmentItem | undefined> {
  const { data } = await store().entities.enrolment.get({ id }).go({ consistent: true });
  return (data ?? undefined) as EnrolmentItem | undefined;
}

/**
 * A client takes the seat offered to their enrolment before its deadline: it becomes `enrolled`,
 * holding the class's credits (on condition the balance has them). NOT_FOUND for another's enrolment;
 * CONFLICT when nothing is offered, the offer has ended, or the credits are short (the offer stays).
 */
export async function acceptOffer(clientId: string, id: string, now = Date.now()): Promise<EnrolmentItem> {
  const found = await readEnrolment(id);
  if (!found || found.clientId !== clientId) throw new AppError('NOT_FOUND', CLASS_TEXTS.enrolmentNotFound);
  if (found.status !== 'offered' || !found.offerExpiresAt) throw new AppError('CONFLICT', CLASS_TEXTS.notOffered);
  if (Date.parse(found.offerExpiresAt) <= now) throw new AppError('CONFLICT', CLASS_TEXTS.offerExpired);
  const c = await getClass(found.classId);
  const { canceled, codes } = await writeTransaction((e) => [
    e.enrolment
      .patch({ id })
      .set({ status: 'enrolled', creditsUsed: c.credits })
      .remove(['offerExpiresAt'])
      .where(
        ({ status, offerExpiresAt }, { eq }) =>
          `${eq(status, 'offered')} AND ${eq(offerExpiresAt, found.offerExpiresAt ?? '')}`,
      )
      .commit() as TxItem,
    holdCreditsItem(e, clientId, c.credits),
  ]);
  if (canceled) {
    if (codes[0] === 'ConditionalCheckFailed') throw new AppError('CONFLICT', CLASS_TEXTS.offerExpired);
    if (codes[1] === 'ConditionalCheckFailed') throw new AppError('CONFLICT', CLASS_TEXTS.offerCredits);
    throw new AppError('CONFLICT', CLASS_TEXTS.enrolFailed);
  }
  return (await readEnrolment(id)) as EnrolmentItem;
}

export type ExpiryOutcome = 'passed' | 'gone' | 'not-open' | 'not-due';

/**
 * An offer's hold ended (its schedule fired): when the enrolment is still offered with this deadline and
 * the deadline has passed, it is cancelled and the seat passes on (to the next waitlisted, or free), in
 * one transaction. Anything else (taken, declined, passed already, the dog enrolled again) changes
 * nothing, so a late, repeated or stale expiry is harmless.
 */
export async function expireClassOffer(detail: ClassOfferExpiredDetail, now = Date.now()): Promise<ExpiryOutcome> {
  return retryOnConflict(async () => {
    const found = await readEnrolment(detail.enrolmentId);
    if (!found) return 'gone';
    if (found.status !== 'offered' || found.offerExpiresAt !== detail.offerExpiresAt) return 'not-open';
    if (Date.parse(detail.offerExpiresAt) > now) return 'not-due';
    const c = await findClass(found.classId);
    if (!c) return 'gone';
    const pass = await planSeatPass(c, now, detail.siteUrl);
    const { canceled } = await writeTransaction((e) => [
      e.enrolment
        .patch({ id: found.id })
        .set({ status: 'cancelled' })
        .remove(['offerExpiresAt'])
        .where(
          ({ status, offerExpiresAt }, { eq }) =>
            `${eq(status, 'offered')} AND ${eq(offerExpiresAt, found.offerExpiresAt ?? '')}`,
        )
        .commit() as TxItem,
      ...seatPassItems(e, c.id, pass),
    ]);
    // The offer was taken meanwhile, or the class's waitlist moved: read again.
    if (canceled) throw new Conflict(new AppError('CONFLICT', CLASS_TEXTS.enrolFailed));
    return 'passed' as const;
  }, CONFLICT_RETRY);
}
