import type { PaymentListItem } from '../contracts/payment-options.js';
import type { ListPaymentsQuery } from '../contracts/payments.js';
import { batchGetAll } from '../db/batch.js';
import { store } from '../db/service.js';
import { businessMonth } from './business-calendar.js';
import { fullName } from './names.js';
import { boundedPage, type Page, type PagedQuery } from './pagination.js';
import { toPayment } from './payment-records.js';

/**
 * The trainer's payments list: every payment newest first. The narrowest index serves each filter by
 * key condition (a client: the payer's index; a status: the status index; else the time index), the
 * month or date range is a range on the sort key (creation time), and what remains (the service, or
 * the status within a client's payments) is a filter over that bounded read (pagination.ts
 * `boundedPage`). Never a Scan.
 */

const DEFAULT_PAGE = 20;

/** One millisecond on: a sort-key bound after every item created at `to`. */
const after = (to: string) => new Date(Date.parse(to) + 1).toISOString();
const iso = (s: string) => new Date(Date.parse(s)).toISOString();

/** The creation-time range asked for: a month, a range, or the part of the range inside the month. */
function rangeOf(q: Pick<ListPaymentsQuery, 'month' | 'from' | 'to'>): { from?: string; to?: string } {
  const from = q.from ? iso(q.from) : undefined;
  const to = q.to ? iso(q.to) : undefined;
  if (!q.month) return { from, to };
  const { start, end } = businessMonth(q.month);
  return { from: from && from > start ? from : start, to: to && to < end ? to : end };
}

interface Ranged<Q> {
  between(a: { createdAt: string }, b: { createdAt: string }): Q;
  gte(a: { createdAt: string }): Q;
  lt(a: { createdAt: string }): Q;
}

/** The range as a key condition on the index's `createdAt, id` sort key. */
function keyed<Q>(q: Ranged<Q> & Q, range: { from?: string; to?: string }): Q {
  if (range.from && range.to) return q.between({ createdAt: range.from }, { createdAt: after(range.to) });
  if (range.from) return q.gte({ createdAt: range.from });
  if (range.to) return q.lt({ createdAt: after(range.to) });
  return q;
}

export async function listPayments(opts: PagedQuery<ListPaymentsQuery> = {}): Promise<Page<PaymentListItem>> {
  const limit = opts.limit ?? DEFAULT_PAGE;
  const range = rangeOf(opts);
  // An empty range (a month and a range that do not meet) matches nothing: no key condition can say it.
  if (range.from && range.to && range.from > range.to) return { items: [], cursor: null };
  const { payment } = store().entities;
  const page = await boundedPage<Record<string, unknown>>(opts.cursor, limit, (cursor) => {
    const go = { order: 'desc' as const, limit, cursor };
    if (opts.clientId) {
      return keyed(payment.query.byProfile({ profileId: opts.clientId }), range)
        .where(({ status, serviceType }, { eq }) =>
          [opts.status ? eq(status, opts.status) : '', opts.service ? eq(serviceType, opts.service) : '']
            .filter(Boolean)
            .join(' AND '),
        )
        .go(go);
    }
    const base = opts.status ? payment.query.byStatus({ status: opts.status }) : payment.query.byTime({});
    return keyed(base, range)
      .where(({ serviceType }, { eq }) => (opts.service ? eq(serviceType, opts.service) : ''))
      .go(go);
  });
  return { items: await withPayers(page.items), cursor: page.cursor };
}

/** The page's payments with their payer's name and e-mail: one BatchGetItem for the page's payers. */
async function withPayers(items: Record<string, unknown>[]): Promise<PaymentListItem[]> {
  const ids = [...new Set(items.map((p) => p.profileId as string))];
  const data = await batchGetAll(
    'payers',
    ids.map((id) => ({ id })),
    (keys) => store().entities.profile.get(keys).go(),
  );
  const payers = new Map(data.map((p) => [p.id, p]));
  return items.map((item) => {
    const payer = payers.get(item.profileId as string);
    return {
      ...toPayment(item),
      ...(payer ? { clientName: fullName(payer), clientEmail: payer.email } : {}),
    };
  });
}
