import type { MonthTotal, PaymentTotals } from '../contracts/payment-options.js';
import type { TxEntities } from '../db/service.js';
import { businessDate } from './business-time.js';
import { counterDelta, readCounters } from './counters.js';
import { outboxItem } from './outbox.js';

/**
 * The paid amount per month (the trainer's payments screen): two counters per month, the cents and the
 * count of payments paid in it (`YYYY-MM` of `paidAt` in the business's time zone), added in the
 * transaction that marks a payment paid, so a year of totals is one BatchGetItem however many payments
 * exist (docs/decisions/0028-payments-ledger.md has the measurement against summing a query).
 */

const paidCentsOf = (month: string) => `payments#paid-cents#${month}`;
const paidCountOf = (month: string) => `payments#paid-count#${month}`;

/** The business month (`YYYY-MM`) of an instant. */
export const businessMonthOf = (instant: string | Date) => businessDate(instant).slice(0, 7);

/**
 * The items the paid transition adds to its transaction: the month's counters and the outbox event
 * `PaymentPaid` (the receipt e-mail and the live notices), so a payment paid is announced exactly once.
 */
export function paidItems(e: TxEntities, p: { id: string; profileId: string; amountCents: number }, paidAt: string) {
  const month = businessMonthOf(paidAt);
  return [
    counterDelta(e, paidCentsOf(month), p.amountCents),
    counterDelta(e, paidCountOf(month), 1),
    outboxItem(e, 'PaymentPaid', { paymentId: p.id, profileId: p.profileId }),
  ];
}

/** The `count` months up to the one containing `now` (business time zone), newest first. */
export function monthsUpTo(now: Date, count: number): string[] {
  const [year, month] = businessMonthOf(now).split('-').map(Number);
  return Array.from({ length: count }, (_, i) => {
    const index = year * 12 + (month - 1) - i;
    return `${String(Math.floor(index / 12)).padStart(4, '0')}-${String((index % 12) + 1).padStart(2, '0')}`;
  });
}

/** The paid amount and count of each of the `count` latest months (newest first; 0 for a month with none). */
export async function readMonthTotals(count: number, now = new Date()): Promise<PaymentTotals> {
  const months = monthsUpTo(now, count);
  const values = await readCounters(months.flatMap((m) => [paidCentsOf(m), paidCountOf(m)]));
  return {
    months: months.map<MonthTotal>((month) => ({
      month,
      paidCents: values[paidCentsOf(month)],
      paidCount: values[paidCountOf(month)],
    })),
  };
}
