import { type InfiniteData, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import type { DiscountCodeListItem, DiscountType } from '#shared/contracts/payment-options';
import { apiRequest } from '../../../lib/api';

/** Discount codes: the trainer's HTTP calls and their queries (one place per feature). */

export interface DiscountPage {
  items: DiscountCodeListItem[];
  /** Pass back for the next page; null on the last page. */
  cursor: string | null;
}

/** POST /api/discount-codes body (shared/contracts/payments.ts discountCodeRequest). */
export interface DiscountFields {
  code: string;
  discountType: DiscountType;
  discountValue: number;
  expiresAt?: string | null;
  usageLimit?: number | null;
}

export const DISCOUNT_PAGE_SIZE = 50;

export const discountKeys = { all: ['discount-codes'] as const };

const path = (id: string) => `/discount-codes/${encodeURIComponent(id)}`;

export function listDiscountCodes(cursor: string | null, signal?: AbortSignal) {
  const q = new URLSearchParams({ limit: String(DISCOUNT_PAGE_SIZE) });
  if (cursor) q.set('cursor', cursor);
  return apiRequest<DiscountPage>(`/discount-codes?${q}`, { signal });
}

export const createDiscountCode = (fields: DiscountFields) =>
  apiRequest<DiscountCodeListItem>('/discount-codes', { method: 'POST', body: fields });
export const setDiscountCodeStatus = (id: string, isActive: boolean) =>
  apiRequest<DiscountCodeListItem>(path(id), { method: 'PATCH', body: { isActive } });
export const deleteDiscountCode = (id: string) => apiRequest<void>(path(id), { method: 'DELETE' });

/** The codes newest first, a page at a time. */
export function useDiscountCodes() {
  return useInfiniteQuery({
    queryKey: discountKeys.all,
    queryFn: ({ pageParam, signal }) => listDiscountCodes(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
}

type Pages = InfiniteData<DiscountPage, string | null>;

/** Applies `change` to the loaded pages at once; the server's copy follows on the next fetch. */
function useChangePages() {
  const qc = useQueryClient();
  return (change: (items: DiscountCodeListItem[], page: number) => DiscountCodeListItem[]) => {
    qc.setQueryData<Pages>(discountKeys.all, (data) =>
      data ? { ...data, pages: data.pages.map((p, i) => ({ ...p, items: change(p.items, i) })) } : data,
    );
    void qc.invalidateQueries({ queryKey: discountKeys.all });
  };
}

export function useCreateDiscountCode() {
  const change = useChangePages();
  return useMutation({
    mutationFn: createDiscountCode,
    onSuccess: (d) => change((items, page) => (page === 0 ? [d, ...items] : items)),
  });
}

export function useSetDiscountCodeStatus() {
  const change = useChangePages();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) => setDiscountCodeStatus(id, isActive),
    onSuccess: (d) => change((items) => items.map((i) => (i.id === d.id ? { ...i, ...d } : i))),
  });
}

export function useDeleteDiscountCode() {
  const change = useChangePages();
  return useMutation({
    mutationFn: (id: string) => deleteDiscountCode(id),
    onSuccess: (_, id) => change((items) => items.filter((i) => i.id !== id)),
  });
}
