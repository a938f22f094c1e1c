import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type {
  PaymentListItem,
  PaymentPaidNotice,
  PaymentStatus,
  PaymentTotals,
  ServiceType,
} from '#shared/contracts/payment-options';
import { apiRequest } from '../../../lib/api';
import { useInvalidateOnRealtime } from '../../../lib/query';

/** The trainer's payments: every payment and the totals by month. */

export interface PaymentFilter {
  status?: PaymentStatus;
  service?: ServiceType;
  clientId?: string;
  /** `YYYY-MM` (the business's time zone). */
  month?: string;
  /** Instants (ISO 8601), creation time. */
  from?: string;
  to?: string;
}

export interface LedgerPage {
  items: PaymentListItem[];
  cursor: string | null;
}

export const LEDGER_PAGE_SIZE = 25;

export const ledgerKeys = {
  all: ['payments', 'ledger'] as const,
  list: (filter: PaymentFilter) => ['payments', 'ledger', 'list', filter] as const,
  totals: (months: number) => ['payments', 'ledger', 'totals', months] as const,
};

/** GET /api/payments: one page for a filter (every filter is applied by the server). */
export function listPayments(
  filter: PaymentFilter,
  cursor: string | null,
  signal?: AbortSignal,
  limit = LEDGER_PAGE_SIZE,
) {
  const q = new URLSearchParams({ limit: String(limit) });
  for (const [k, v] of Object.entries(filter)) if (v) q.set(k, v);
  if (cursor) q.set('cursor', cursor);
  return apiRequest<LedgerPage>(`/payments?${q}`, { signal });
}

export function usePaymentLedger(filter: PaymentFilter, limit = LEDGER_PAGE_SIZE) {
  return useInfiniteQuery({
    queryKey: [...ledgerKeys.list(filter), limit],
    queryFn: ({ pageParam, signal }) => listPayments(filter, pageParam, signal, limit),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
}

/** GET /api/payments/totals: the paid amount of each of the latest `months`, newest first. */
export function usePaymentTotals(months = 12) {
  return useQuery({
    queryKey: ledgerKeys.totals(months),
    queryFn: ({ signal }) => apiRequest<PaymentTotals>(`/payments/totals?months=${months}`, { signal }),
  });
}

export const isPaymentPaidNotice = (m: unknown): m is PaymentPaidNotice =>
  typeof m === 'object' && m !== null && (m as { type?: unknown }).type === 'payment.paid';

/** The trainer's lists and totals are read again whenever a payment is paid (realtime notice). */
export function useLedgerLive() {
  useInvalidateOnRealtime(isPaymentPaidNotice, [ledgerKeys.all]);
}
