import type { Payment } from '../contracts/payments.js';
import { store, type TxEntities, type TxItem, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import { Conflict, retryOnConflict } from '../retry.js';
import { creditDelta, creditsForService } from './credits.js';
import { countDiscountUse, getDiscountCode, releaseDiscountUse } from './discount-codes.js';
import { type Page, type Position, queryCursor, toPosition } from './pagination.js';
import { paidItems } from './payment-totals.js';
import { referralConversion, referralRelease } from './referrals.js';

/**
 * Payments as stored: a payer's reads and the one way a payment closes (paid, expired, failed). Kept apart
 * from the provider's calls (shared/domain/payments.ts), so the handlers that only read do not bundle the
 * `stripe` SDK.
 */

export function toPayment(p: Record<string, unknown>): Payment {
  const {
    priceCents: _p,
    discountCodeId: _d,
    checkoutId: _c,
    updatedAt: _u,
    referralId: _r,
    referrerId: _ri,
    ...rest
  } = p;
  return rest as unknown as Payment;
}

export type Stored = Payment & {
  discountCodeId?: string;
  checkoutId?: string;
  referralId?: string;
  referrerId?: string;
};

export async function getStoredPayment(id: string): Promise<Stored | undefined> {
  const { data } = await store().entities.payment.get({ id }).go({ consistent: true });
  return (data as Stored | null) ?? undefined;
}

/** A discount item of the closing transaction, only while the code still exists (a deleted code has nothing to count). */
async function discountItem(
  p: Stored,
  item: (e: TxEntities, id: string) => TxItem,
): Promise<((e: TxEntities) => TxItem) | undefined> {
  const codeId = p.discountCodeId;
  if (!codeId || !(await getDiscountCode(codeId))) return undefined;
  return (e) => item(e, codeId);
}

export type PaymentChange = 'changed' | 'unchanged' | 'unknown';

/**
 * Moves a pending payment to `paid` (the discount's use counted, the service's session credits added to
 * the payer's balance, the referral converted) or to `expired`/`failed` (the held discount use and
 * referral discount given back), in one transaction
 * conditioned on `pending`: a second delivery changes nothing.
 */
export async function closePayment(
  id: string,
  to: 'paid' | 'expired' | 'failed',
  checkoutId?: string,
): Promise<PaymentChange> {
  const p = await getStoredPayment(id);
  if (!p) return 'unknown';
  if (p.status !== 'pending') return 'unchanged';
  const discount = await discountItem(p, to === 'paid' ? countDiscountUse : releaseDiscountUse);
  // The credits fixed when the payment was made; a payment from before then gives what its service gives now.
  const credits = to === 'paid' ? (p.credits ?? (await creditsForService(p.serviceType))) : 0;
  // Paid: the referral converts (the payer's referral discount stays taken); else the discount is given back.
  const referral = to === 'paid' ? await referralConversion(p) : await referralRelease(p);
  const paidAt = new Date().toISOString();
  return retryOnConflict(async () => {
    const { canceled, codes } = await writeTransaction((e) => [
      e.payment
        .patch({ id })
        .set({
          status: to,
          ...(to === 'paid' ? { paidAt } : {}),
          ...(checkoutId ? { checkoutId } : {}),
        })
        .composite({ createdAt: p.createdAt })
        .where(({ status }, { eq }) => eq(status, 'pending'))
        .commit(),
      ...(discount ? [discount(e)] : []),
      ...(credits ? [creditDelta(e, p.profileId, credits)] : []),
      ...(referral ? [referral(e)] : []),
      // The month's paid totals and the PaymentPaid event (receipt, live notices) in the same write.
      ...(to === 'paid' ? paidItems(e, p, paidAt) : []),
    ]);
    if (!canceled) return 'changed' as const;
    if (codes[0] === 'ConditionalCheckFailed') return 'unchanged' as const;
    const failed = new Error(`payment ${id} was not closed: ${codes.join()}`);
    // Another payment's close touched the same counter or code at once: try again (the guard still holds).
    throw codes.includes('TransactionConflict') ? new Conflict(failed) : failed;
  }, CLOSE_RETRY);
}

/** Tries of a close when a concurrent close of another payment conflicts on a shared counter. */
const CLOSE_RETRY = { attempts: 4, firstDelayMs: 10 };

/** The payer's payments, newest first, a page at a time (history). */
export async function listMyPayments(
  payerId: string,
  opts: { limit?: number; cursor?: Position },
): Promise<Page<Payment>> {
  const { data, cursor } = await store()
    .entities.payment.query.byProfile({ profileId: payerId })
    .go({ order: 'desc', limit: opts.limit ?? 20, cursor: queryCursor(opts.cursor) });
  return { items: data.map((p) => toPayment(p as unknown as Record<string, unknown>)), cursor: toPosition(cursor) };
}

/** One of the payer's own payments (the return page), or 404. */
export async function getMyPayment(payerId: string, id: string): Promise<Payment> {
  const p = await getStoredPayment(id);
  if (!p || p.profileId !== payerId) throw new AppError('NOT_FOUND', 'Payment not found');
  return toPayment(p as unknown as Record<string, unknown>);
}
