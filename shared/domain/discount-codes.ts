import type { DiscountCheck, DiscountCode, DiscountCodeListItem, DiscountCodeRequest } from '../contracts/payments.js';
import { DUPLICATE_DISCOUNT_CODE, PAYMENT_TEXTS } from '../contracts/payments.js';
import { isConditionFailure, store, type TxEntities, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import { type Page, type Position, queryCursor, toPosition } from './pagination.js';
import { discountProblem } from './pricing.js';

/** SPEC 3 discount_codes: the trainer's codes and the checks a payment makes. */

const UNIQUE_KIND = 'discountCode';
const notFound = () => new AppError('NOT_FOUND', 'Discount code not found');

type Stored = DiscountCode & { reserved: number; creatorEmail?: string };

/** The API's view: `reserved` (held plus paid) becomes the uses held by open checkouts, apart from the paid ones. */
function toDiscountCode(d: Stored): DiscountCodeListItem {
  const { reserved, ...rest } = d;
  return { ...rest, heldUses: Math.max(0, (reserved ?? 0) - (d.timesUsed ?? 0)) };
}

/** The code as stored: upper-case, without surrounding spaces. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

export async function createDiscountCode(
  creator: { id: string; email?: string },
  input: DiscountCodeRequest,
): Promise<DiscountCodeListItem> {
  const code = normalizeCode(input.code);
  const id = crypto.randomUUID();
  const item = {
    id,
    code,
    discountType: input.discountType,
    discountValue: input.discountValue,
    isActive: input.isActive,
    ...(input.expiresAt ? { expiresAt: new Date(input.expiresAt).toISOString() } : {}),
    ...(input.usageLimit ? { usageLimit: input.usageLimit } : {}),
    createdBy: creator.id,
    ...(creator.email ? { creatorEmail: creator.email } : {}),
  };
  const { canceled } = await writeTransaction((e) => [
    e.discountCode.create(item).commit(),
    e.unique.create({ kind: UNIQUE_KIND, value: code, ownerId: id }).commit(),
  ]);
  // The id is new, so only the code's unique item can have stopped the write.
  if (canceled) throw new AppError('CONFLICT', DUPLICATE_DISCOUNT_CODE);
  const { data } = await store().entities.discountCode.get({ id }).go({ consistent: true });
  if (!data) throw notFound();
  return toDiscountCode(data as Stored);
}

/** The trainer's codes, newest first, a page at a time. */
export async function listDiscountCodes(opts: {
  limit?: number;
  cursor?: Position;
}): Promise<Page<DiscountCodeListItem>> {
  const { data, cursor } = await store()
    .entities.discountCode.query.byCreated({})
    .go({ order: 'desc', limit: opts.limit ?? 50, cursor: queryCursor(opts.cursor) });
  return { items: (data as Stored[]).map(toDiscountCode), cursor: toPosition(cursor) };
}

export async function setDiscountCodeStatus(id: string, isActive: boolean): Promise<DiscountCodeListItem> {
  try {
    const { data } = await store().entities.discountCode.patch({ id }).set({ isActive }).go({ response: 'all_new' });
    return toDiscountCode(data as Stored);
  } catch (e) {
    throw isConditionFailure(e) ? notFound() : e;
  }
}

/** Deletes the code and frees its name. Payments that used it keep their copy of the code. */
export async function deleteDiscountCode(id: string): Promise<void> {
  const { data } = await store().entities.discountCode.get({ id }).go({ consistent: true });
  if (!data) throw notFound();
  const { canceled } = await writeTransaction((e) => [
    e.discountCode
      .delete({ id })
      .where((a, { exists }) => exists(a.id))
      .commit(),
    e.unique.delete({ kind: UNIQUE_KIND, value: data.code }).commit(),
  ]);
  if (canceled) throw notFound();
}

async function findByCode(code: string): Promise<Stored | undefined> {
  const owner = await store()
    .entities.unique.get({ kind: UNIQUE_KIND, value: normalizeCode(code) })
    .go({ consistent: true });
  if (!owner.data) return undefined;
  const { data } = await store().entities.discountCode.get({ id: owner.data.ownerId }).go({ consistent: true });
  return (data as Stored | null) ?? undefined;
}

/**
 * SPEC 5 at payment: the code exists, is active, is not expired and has a use left (uses held by open
 * checkouts count). Throws the spec's text as a 400.
 */
export async function checkDiscountCode(code: string, now = new Date()): Promise<DiscountCheck & { id: string }> {
  const found = await findByCode(code);
  const problem = discountProblem(found, now, found?.reserved);
  if (problem || !found) throw new AppError('VALIDATION', problem ?? PAYMENT_TEXTS.invalidCode);
  return { id: found.id, code: found.code, discountType: found.discountType, discountValue: found.discountValue };
}

/** Why a hold failed, in the spec's words (read after the conditional write refused it). */
export async function holdRefusal(code: string, now = new Date()): Promise<AppError> {
  try {
    await checkDiscountCode(code, now);
    return new AppError('VALIDATION', PAYMENT_TEXTS.limitReached);
  } catch (e) {
    return e as AppError;
  }
}

/**
 * A transaction item taking one use of a code: it succeeds only while the code is active, not expired
 * and under its limit, all checked by DynamoDB in the same write, so concurrent checkouts cannot exceed it.
 */
export function holdDiscountUse(e: TxEntities, id: string, now = new Date()) {
  const at = now.toISOString();
  return e.discountCode
    .patch({ id })
    .add({ reserved: 1 })
    .where(
      ({ isActive, expiresAt, usageLimit, reserved }, { eq, notExists, gt, name }) =>
        `${eq(isActive, true)} AND (${notExists(expiresAt)} OR ${gt(expiresAt, at)}) AND (${notExists(usageLimit)} OR ${name(reserved)} < ${name(usageLimit)})`,
    )
    .commit();
}

/** A transaction item giving a held use back (an expired or failed checkout). */
export function releaseDiscountUse(e: TxEntities, id: string) {
  return e.discountCode
    .patch({ id })
    .subtract({ reserved: 1 })
    .where(({ reserved }, { gt }) => gt(reserved, 0))
    .commit();
}

/** A transaction item counting a paid use (its hold stays taken). */
export function countDiscountUse(e: TxEntities, id: string) {
  return e.discountCode.patch({ id }).add({ timesUsed: 1 }).commit();
}

/** The code's counters as stored (tests and the trainer's views). */
export async function getDiscountCode(id: string): Promise<Stored | undefined> {
  const { data } = await store().entities.discountCode.get({ id }).go({ consistent: true });
  return (data as Stored | null) ?? undefined;
}
