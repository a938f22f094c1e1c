import { CLASS_TEXTS, type EnrolmentView } from '../contracts/classes.js';
import { type RequirableVaccine, VACCINE_LABELS, vaccinationGaps } from '../contracts/vaccination-options.js';
import { store, type TxEntities, type TxItem, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import { Conflict, retryOnConflict } from '../retry.js';
import { getAvailability } from './availability.js';
import { businessDate } from './business-time.js';
import { removeClassItem } from './class-meetings.js';
import { holdCreditsItem, planSeatPass, seatPassItems } from './class-offers.js';
import { classPagesChanged, raiseClassPagesChanged } from './class-pages.js';
import { type ClassItem, type EnrolmentItem, enrolmentView, getClass, getPublishedClass } from './classes.js';
import { findDog } from './dogs.js';
import { fullName } from './names.js';
import type { Profile } from './profiles.js';

/**
 * Enrolment in group classes (docs/decisions/0070-group-classes.md). A seat is taken in one transaction
 * with the class's count (on condition it is below capacity), the enrolment and the hold of the class's
 * credits (on condition the client has them); a full class gives a waitlist ticket instead, in the order
 * the tickets were drawn, and a newcomer never takes a seat while anyone waits. Cancelling passes the
 * seat to the first on the waitlist (class-offers.ts, ADR 0071) or frees it, and gives the credits back
 * before the trainer's cut-off (a late cancellation uses them); the trainer's removal always gives them back.
 */

const MINUTE = 60_000;
/** Many clients enrolling at once conflict on the class's item: each loser reads again and tries again. */
const CONFLICT_RETRY = { attempts: 12, firstDelayMs: 25, maxDelayMs: 400 };

export const enrolmentId = (classId: string, dogId: string) => `${classId}_${dogId}`;

export interface EnrolResult {
  enrolment: EnrolmentView;
  class: ClassItem;
  warning?: string;
}

/** The class's vaccination message for a dog, or undefined when its required vaccinations are in order. */
export function vaccinationProblem(c: ClassItem, dog: { name: string; vaccineExpiries?: Record<string, string> }) {
  const lastDay = businessDate(c.lastEnd);
  const gaps = vaccinationGaps(
    (dog.vaccineExpiries ?? {}) as Partial<Record<RequirableVaccine, string>>,
    c.requiredVaccines,
    lastDay,
  );
  if (!gaps.length) return undefined;
  const names = (state: string) => gaps.filter((g) => g.state === state).map((g) => VACCINE_LABELS[g.vaccine]);
  const parts = [
    ...(names('missing').length ? [`missing ${names('missing').join(', ')}`] : []),
    ...(names('expired').length ? [`expiring before the last meeting ${names('expired').join(', ')}`] : []),
  ];
  return `${dog.name}'s required vaccinations are not in order for this class: ${parts.join('; ')}.`;
}

const seatItem = (e: TxEntities, c: ClassItem) =>
  e.groupClass
    .patch({ id: c.id })
    .add({ seatsTaken: 1 })
    .where(
      ({ seatsTaken, capacity, status, waitlisted }, { lt, eq }) =>
        `${lt(seatsTaken, c.capacity)} AND ${eq(capacity, c.capacity)} AND ${eq(status, 'published')} AND ` +
        eq(waitlisted, 0),
    )
    .commit() as TxItem;

const releaseItem = (e: TxEntities, clientId: string, credits: number, back: boolean) =>
  e.sessionCredits
    .update({ profileId: clientId })
    .add(back ? { balance: credits, held: -credits } : { held: -credits })
    .commit() as TxItem;

/** A new enrolment, written over a cancelled one of the same dog (or none). */
const placeItem = (e: TxEntities, record: Omit<EnrolmentItem, 'updatedAt'>) =>
  e.enrolment
    .put(record)
    .where(({ id, status }, { notExists, eq }) => `${notExists(id)} OR ${eq(status, 'cancelled')}`)
    .commit() as TxItem;

/**
 * A client enrols one of their dogs: a seat while there is one, else the waitlist. VALIDATION for another
 * client's dog or (rule `refuse`) vaccinations not in order through the last meeting; CONFLICT when the
 * class has started, the dog is already in it, or a seat needs credits the client does not have.
 */
export async function enrol(client: Profile, classId: string, dogId: string, now = Date.now()): Promise<EnrolResult> {
  const c = await getPublishedClass(classId);
  if (Date.parse(c.firstStart) <= now) throw new AppError('CONFLICT', CLASS_TEXTS.started);
  const dog = (await findDog(dogId)) as
    | (Awaited<ReturnType<typeof findDog>> & { vaccineExpiries?: Record<string, string> })
    | undefined;
  if (!dog || dog.profileId !== client.id) {
    throw new AppError('VALIDATION', CLASS_TEXTS.dogNotYours, { dogId: [CLASS_TEXTS.dogNotYours] });
  }
  const problem = vaccinationProblem(c, dog);
  if (problem && c.vaccinationRule === 'refuse') throw new AppError('VALIDATION', problem, { dogId: [problem] });
  const base = {
    id: enrolmentId(c.id, dog.id),
    classId: c.id,
    classTitle: c.title,
    clientId: client.id,
    clientName: fullName(client),
    dogId: dog.id,
    dogName: dog.name,
    createdAt: new Date(now).toISOString(),
  };
  const already = new AppError('CONFLICT', CLASS_TEXTS.alreadyEnrolled);
  const failed = new AppError('CONFLICT', CLASS_TEXTS.enrolFailed);

  const placed = await retryOnConflict(async () => {
    const current = await getPublishedClass(classId);
    // A newcomer takes a seat only when nobody waits (a freed seat goes to the waitlist first, ADR 0071).
    if (current.seatsTaken < current.capacity && current.waitlisted === 0) {
      const { canceled, codes } = await writeTransaction((e) => [
        seatItem(e, current),
        placeItem(e, { ...base, status: 'enrolled', creditsUsed: current.credits }),
        holdCreditsItem(e, client.id, current.credits),
        classPagesChanged(e, current.id),
      ]);
      if (!canceled) return base.id;
      if (codes[1] === 'ConditionalCheckFailed') throw already;
      // The seat went meanwhile (or the capacity changed): read the class again.
      if (codes[0] === 'ConditionalCheckFailed') throw new Conflict(failed);
      if (codes[2] === 'ConditionalCheckFailed') throw new AppError('CONFLICT', CLASS_TEXTS.notEnoughCredits);
      throw new Conflict(failed);
    }
    // Full: draw a ticket (gaps are harmless, the order is what counts), then join on condition it is still full.
    const { data } = await store()
      .entities.groupClass.update({ id: current.id })
      .add({ waitlistNext: 1 })
      .go({ response: 'updated_new' });
    const ticket = (data as { waitlistNext: number }).waitlistNext;
    const { canceled, codes } = await writeTransaction((e) => [
      e.groupClass
        .patch({ id: current.id })
        .add({ waitlisted: 1 })
        .where(
          ({ seatsTaken, waitlisted }, { gte, gt }) => `${gte(seatsTaken, current.capacity)} OR ${gt(waitlisted, 0)}`,
        )
        .commit() as TxItem,
      placeItem(e, { ...base, status: 'waitlisted', position: ticket, creditsUsed: 0 }),
    ]);
    if (!canceled) return base.id;
    if (codes[1] === 'ConditionalCheckFailed') throw already;
    throw new Conflict(failed);
  }, CONFLICT_RETRY);

  const { data } = await store().entities.enrolment.get({ id: placed }).go({ consistent: true });
  const [view, fresh] = await Promise.all([enrolmentView(data as EnrolmentItem), getClass(classId)]);
  return { enrolment: view, class: fresh, ...(problem ? { warning: problem } : {}) };
}

export async function findEnrolment(id: string): Promise<EnrolmentItem | undefined> {
  const { data } = await store().entities.enrolment.get({ id }).go({ consistent: true });
  return (data ?? undefined) as EnrolmentItem | undefined;
}

/**
 * Cancels an enrolment: a client their own (another's is not found), the trainer any. A seat (enrolled
 * or offered) passes to the first on the waitlist in the same transaction, or frees when nobody waits
 * (ADR 0071); an enrolled seat's credits go back when the trainer removes it or the client cancels
 * before the cut-off of the first meeting, else they are used. A waitlist place just ends. Declining an
 * offer is cancelling it.
 */
export async function cancelEnrolment(
  caller: { role: 'admin' | 'client'; id: string },
  id: string,
  now = Date.now(),
  opts: { siteUrl?: string } = {},
): Promise<EnrolmentView> {
  const first = await findEnrolment(id);
  if (!first || (caller.role !== 'admin' && first.clientId !== caller.id)) {
    throw new AppError('NOT_FOUND', CLASS_TEXTS.enrolmentNotFound);
  }
  const { availability } = await getAvailability();
  const cancelled = new AppError('CONFLICT', CLASS_TEXTS.alreadyCancelled);
  await retryOnConflict(async () => {
    // Read again on each attempt: an offer may have been taken or passed on meanwhile.
    const found = await findEnrolment(id);
    if (!found || found.status === 'cancelled') throw cancelled;
    const c = await getClass(found.classId);
    const inTime = Date.parse(c.firstStart) - now >= availability.cancellationCutoffHours * 60 * MINUTE;
    const back = caller.role === 'admin' || inTime;
    const pass = found.status === 'waitlisted' ? undefined : await planSeatPass(c, now, opts.siteUrl);
    const { canceled } = await writeTransaction((e) => [
      ...cancelItems(e, found, c, back),
      ...(pass ? seatPassItems(e, c.id, pass) : []),
      ...(found.status === 'waitlisted' ? [] : [classPagesChanged(e, c.id)]),
    ]);
    if (canceled) throw new Conflict(cancelled);
  }, CONFLICT_RETRY);
  const after = await findEnrolment(id);
  return enrolmentView(after as EnrolmentItem);
}

/**
 * The items that end one enrolment, on condition it is still in the status read: a waitlist place
 * leaves the class's count; an enrolled seat's credits are released (the seat itself is passed on or
 * freed by the caller); an offer holds no credits.
 */
function cancelItems(e: TxEntities, found: EnrolmentItem, c: ClassItem, back: boolean): TxItem[] {
  const status = e.enrolment
    .patch({ id: found.id })
    .set({ status: 'cancelled', ...(found.status === 'enrolled' && back ? { creditsUsed: 0 } : {}) })
    .remove(['position', 'offerExpiresAt'])
    // The credits still held too: a first attendance mark meanwhile uses one (docs/decisions/0072-class-attendance.md).
    .where(({ status, creditsUsed }, { eq }) => `${eq(status, found.status)} AND ${eq(creditsUsed, found.creditsUsed)}`)
    .commit() as TxItem;
  if (found.status === 'waitlisted') {
    return [status, e.groupClass.patch({ id: c.id }).add({ waitlisted: -1 }).commit() as TxItem];
  }
  if (found.status === 'offered') return [status];
  return [status, releaseItem(e, found.clientId, found.creditsUsed, back)];
}

/**
 * The trainer deletes a class: every live enrolment is cancelled with its credits given back (one
 * transaction each, so a failure part way leaves a smaller class, never a wrong count), then the class
 * and its enrolments are removed.
 */
export async function deleteClass(id: string): Promise<void> {
  const c = await getClass(id);
  const { data } = await store().entities.enrolment.query.byClass({ classId: id }).go({ pages: 'all' });
  for (const found of data as EnrolmentItem[]) {
    if (found.status === 'cancelled') continue;
    // The class goes: a seat is freed, never offered.
    const { canceled } = await writeTransaction((e) => [
      ...cancelItems(e, found, c, true),
      ...(found.status === 'waitlisted' ? [] : seatPassItems(e, c.id, { kind: 'free', whenNobodyWaits: false })),
    ]);
    if (canceled) throw new AppError('CONFLICT', CLASS_TEXTS.enrolFailed);
  }
  const remaining = (data as EnrolmentItem[]).map((e) => ({ id: e.id }));
  if (remaining.length) await store().entities.enrolment.delete(remaining).go();
  await removeClassItem(c);
  if (c.status === 'published') await raiseClassPagesChanged(id);
}
