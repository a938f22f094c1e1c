import { batchGetAll } from '../db/batch.js';
import { store, type TxEntities } from '../db/service.js';

/**
 * Dashboard counters (shared/db/entities/counter.ts): one item each, changed inside the transaction
 * that changes what it counts. `counterDelta` is the transaction item; `readCounters` one batch get.
 */
export const COUNTERS = {
  contactStatus: (status: string) => `contact-submissions#${status}`,
  activeClients: 'active-clients',
  /** Every session, whatever its status (the sessions page's Total card). */
  sessionsTotal: 'sessions#total',
  /** One client's completed sessions (the client's Completed card). */
  completedSessionsOf: (clientId: string) => `sessions#completed#${clientId}`,
  /** Scheduled or confirmed sessions, whatever their time (the Upcoming cards start from it, ADR 0014). */
  openSessions: 'sessions#open',
  /** Sessions of one status (the analytics screen's Sessions by status). */
  sessionsOfStatus: (status: string) => `sessions#status#${status}`,
  /** One client's scheduled or confirmed sessions. */
  openSessionsOf: (clientId: string) => `sessions#open#${clientId}`,
  /** 1 once the analytics aggregator counted a page view (docs/decisions/0040-analytics-figures.md). */
  analyticsRecorded: 'analytics#recorded',
  /** Booking requests awaiting the trainer's approval (docs/decisions/0034-online-booking.md). */
  pendingBookings: 'bookings#pending',
  /** Conversations holding client posts the trainer has not read (docs/decisions/0047-conversations.md). */
  conversationsUnread: 'conversations#unread',
} as const;

/** A transaction item adding `delta` to counter `name` (created at 0 when missing). */
export function counterDelta({ counter }: Pick<TxEntities, 'counter'>, name: string, delta: number) {
  return counter.update({ name }).add({ value: delta }).commit();
}

const readCounterItems = (names: readonly string[]) =>
  batchGetAll(
    'counters',
    names.map((name) => ({ name })),
    (keys) => store().entities.counter.get(keys).go(),
  );

/** Current values of the named counters (0 for a counter never written). */
export async function readCounters<N extends string>(names: readonly N[]): Promise<Record<N, number>> {
  const data = await readCounterItems(names);
  const out = Object.fromEntries(names.map((n) => [n, 0])) as Record<N, number>;
  for (const item of data) out[item.name as N] = Math.max(0, item.value ?? 0);
  return out;
}

/**
 * Values as stored, not clamped at zero (0 for a counter never written): for counters that are only
 * a term of a card's figure (the open sessions, less those already started), clamped at the end.
 */
export async function readRawCounters<N extends string>(names: readonly N[]): Promise<Record<N, number>> {
  const data = await readCounterItems(names);
  const out = Object.fromEntries(names.map((n) => [n, 0])) as Record<N, number>;
  for (const item of data) out[item.name as N] = item.value ?? 0;
  return out;
}
