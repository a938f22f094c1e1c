import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { countQuery, store } from '../db/service.js';
import { businessWeek } from './business-calendar.js';
import { COUNTERS, readCounters } from './counters.js';
import { businessTimeZoneSetting } from './settings.js';

export interface AdminDashboardCounts {
  newInquiries: number;
  activeClients: number;
  weekSessions: number;
  /** Booking requests awaiting approval (docs/decisions/0034-online-booking.md). */
  pendingBookings: number;
  /** Conversations holding client posts the trainer has not read (docs/decisions/0047-conversations.md). */
  unreadConversations: number;
  week: { start: string; end: string };
}

/** Sessions (not cancelled) starting within [start, end]: a COUNT query on the sessions-by-date index. */
export async function countSessionsBetween(start: string, end: string): Promise<number> {
  const params = store()
    .entities.session.query.byDate({})
    .between({ scheduledAt: start }, { scheduledAt: end })
    .where(({ status }, { ne }) => ne(status, 'cancelled'))
    .params() as QueryCommandInput;
  return countQuery(params);
}

/**
 * The trainer dashboard's counters: New Inquiries and Active Clients from maintained counters (one
 * batch get), This Week's Sessions from the sessions starting this week in the business's time zone
 * (the one saved in the settings), Booking Requests from the pending requests' counter.
 * Cancelled sessions are not counted. Unread conversations from their counter (the navigation's).
 */
export async function getAdminDashboardCounts(now = new Date()): Promise<AdminDashboardCounts> {
  const week = businessWeek(now, await businessTimeZoneSetting());
  const newKey = COUNTERS.contactStatus('new');
  const [counters, weekSessions] = await Promise.all([
    readCounters([newKey, COUNTERS.activeClients, COUNTERS.pendingBookings, COUNTERS.conversationsUnread]),
    countSessionsBetween(week.start, week.end),
  ]);
  return {
    newInquiries: counters[newKey],
    activeClients: counters[COUNTERS.activeClients],
    weekSessions,
    pendingBookings: counters[COUNTERS.pendingBookings],
    unreadConversations: counters[COUNTERS.conversationsUnread],
    week,
  };
}
