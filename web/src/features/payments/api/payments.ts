import { useInfiniteQuery, useMutation, useQuery } from '@tanstack/react-query';
import type {
  CheckoutCreated,
  DiscountCheck,
  Payment,
  ServiceType,
} from '../../../../../shared/contracts/payment-options';
import type { ReferralCheck } from '../../../../../shared/contracts/referral-options';
import { apiRequest } from '../../../lib/api';

/** A client's payment: HTTP calls and their queries (one place per feature). */

/** GET /api/payments/discount: the code's terms when it can be used now (400 with the spec's text otherwise). */
export const checkDiscountCode = (code: string) =>
  apiRequest<DiscountCheck>(`/payments/discount?${new URLSearchParams({ code })}`);

/** GET /api/payments/referral: the referral code's terms when the payer may use it (400 "Invalid referral code"). */
export const checkReferralCode = (code: string) =>
  apiRequest<ReferralCheck>(`/payments/referral?${new URLSearchParams({ code })}`);

/** POST /api/public/referrals/click: the page was opened from a referral link (the referral becomes clicked). */
export const recordReferralClick = (body: { code: string; referralId?: string }) =>
  apiRequest<unknown>('/public/referrals/click', { method: 'POST', body, auth: false });

/** POST /api/payments/checkout: the server prices the service; no amount is sent. */
export const createCheckout = (body: { serviceType: ServiceType; discountCode?: string; referralCode?: string }) =>
  apiRequest<CheckoutCreated>('/payments/checkout', { method: 'POST', body });

const path = (id: string) => `/me/payments/${encodeURIComponent(id)}`;

export const getMyPayment = (id: string, signal?: AbortSignal) => apiRequest<Payment>(path(id), { signal });
export const cancelMyPayment = (id: string) => apiRequest<Payment>(`${path(id)}/cancel`, { method: 'POST' });

export interface PaymentPage {
  items: Payment[];
  cursor: string | null;
}

/** GET /api/me/payments: the caller's payments, newest first. */
export function listMyPayments(cursor: string | null, signal?: AbortSignal) {
  const q = new URLSearchParams({ limit: '10' });
  if (cursor) q.set('cursor', cursor);
  return apiRequest<PaymentPage>(`/me/payments?${q}`, { signal });
}

export function useMyPayments() {
  return useInfiniteQuery({
    queryKey: ['payments', 'mine', 'list'],
    queryFn: ({ pageParam, signal }) => listMyPayments(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
}

/** How often the return page asks again while the provider's confirmation has not arrived. */
export const PROCESSING_POLL_MS = 2000;

/** One payment as stored; asked again while it is pending (the webhook marks it paid). */
export function useMyPayment(id: string | null) {
  return useQuery({
    queryKey: ['payments', 'mine', id],
    queryFn: ({ signal }) => getMyPayment(id as string, signal),
    enabled: !!id,
    refetchInterval: (q) => (q.state.data?.status === 'pending' ? PROCESSING_POLL_MS : false),
  });
}

export const useCheckDiscount = () => useMutation({ mutationFn: checkDiscountCode });
export const useCheckReferral = () => useMutation({ mutationFn: checkReferralCode });
export const useCreateCheckout = () => useMutation({ mutationFn: createCheckout });
export const useCancelPayment = () => useMutation({ mutationFn: cancelMyPayment });
