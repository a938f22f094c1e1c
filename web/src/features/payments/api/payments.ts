import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ClassView } from '#shared/contracts/class-options';
import type {
  CheckoutCreated,
  DiscountCheck,
  OfferedServices,
  Payment,
  PaymentPaidNotice,
  ServiceType,
} from '#shared/contracts/payment-options';
import type { ReferralCheck } from '#shared/contracts/referral-options';
import { apiRequest } from '../../../lib/api';
import { useRealtimeMessages, useRealtimeStatus } from '../../../lib/realtime-context';

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

/** GET /api/services: the services the client can pay for now (Settings → Business). */
export const getServices = (signal?: AbortSignal) => apiRequest<OfferedServices>('/services', { signal });

export function useServices(enabled = true) {
  return useQuery({ queryKey: ['payments', 'services'], queryFn: ({ signal }) => getServices(signal), enabled });
}

/** GET /api/classes/{classId}: the priced class a payment link sells (a client reads published ones). */
export function useClassForSale(classId: string | undefined) {
  return useQuery({
    queryKey: ['payments', 'class', classId],
    queryFn: ({ signal }) =>
      apiRequest<{ class: ClassView }>(`/classes/${encodeURIComponent(classId ?? '')}`, { signal }).then(
        (r) => r.class,
      ),
    enabled: !!classId,
  });
}

/** What a checkout sells: a service, or a priced class's seat for one of the client's dogs. */
export type CheckoutItem = { serviceType: ServiceType } | { classId: string; dogId: string };

/** POST /api/payments/checkout: the server prices the service or class; no amount is sent. */
export const createCheckout = (body: CheckoutItem & { discountCode?: string; referralCode?: string }) =>
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

/**
 * How often the return page asks again while the payment is processing and the realtime link is down;
 * while it is up, the payment's `payment.paid` notice updates the page instead.
 */
export const PROCESSING_FALLBACK_POLL_MS = 15_000;

/** One payment as stored; it turns paid live (realtime notice), asked again slowly only while the link is down. */
export function useMyPayment(id: string | null) {
  const client = useQueryClient();
  const live = useRealtimeStatus() === 'open';
  const key = ['payments', 'mine', id];
  useRealtimeMessages((message) => {
    if (!isPaidNotice(message) || message.payment.id !== id) return;
    client.setQueryData(key, message.payment);
    void client.invalidateQueries({ queryKey: ['payments', 'mine', 'list'] });
  });
  // A notice sent before the link opened is not replayed: read the payment again once it is open.
  useEffect(() => {
    if (live && id) void client.invalidateQueries({ queryKey: ['payments', 'mine', id] });
  }, [live, id, client]);
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => getMyPayment(id as string, signal),
    enabled: !!id,
    refetchInterval: (q) => (q.state.data?.status === 'pending' && !live ? PROCESSING_FALLBACK_POLL_MS : false),
  });
}

const isPaidNotice = (m: unknown): m is PaymentPaidNotice =>
  typeof m === 'object' && m !== null && (m as { type?: unknown }).type === 'payment.paid';

export const useCheckDiscount = () => useMutation({ mutationFn: checkDiscountCode });
export const useCheckReferral = () => useMutation({ mutationFn: checkReferralCode });
export const useCreateCheckout = () => useMutation({ mutationFn: createCheckout });
export const useCancelPayment = () => useMutation({ mutationFn: cancelMyPayment });
