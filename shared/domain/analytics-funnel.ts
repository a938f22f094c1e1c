import type { AnalyticsFunnel, FunnelBreakdown, FunnelStep } from '../contracts/analytics.js';
import { store } from '../db/service.js';
import { DIRECT_SOURCE } from './analytics.js';

/**
 * The funnel over a range of days, from stored data only: the visits (daily aggregates), the inquiries
 * (contact submissions created in the range, by the creation-time index), the clients (those of them
 * converted) and the paid clients (those clients with a paid payment, by each client's payments).
 */

/**
 * A step's share of the previous one, for the steps that are a part of it (clients of the inquiries,
 * paid of those clients). Inquiries are not a part of the visits: a request may come without a
 * recorded visit (by the API, from a browser with Do Not Track, the demo seed), so theirs is null.
 */
const conversion = (key: FunnelStep['key'], count: number, previous: number | undefined) =>
  key === 'visits' || key === 'inquiries' || previous === undefined || previous === 0
    ? null
    : Math.round((count / previous) * 1000) / 10;

function breakdown(rows: { key: string; client: boolean }[]): FunnelBreakdown[] {
  const by = new Map<string, FunnelBreakdown>();
  for (const r of rows) {
    const b = by.get(r.key) ?? { key: r.key, inquiries: 0, clients: 0 };
    b.inquiries += 1;
    if (r.client) b.clients += 1;
    by.set(r.key, b);
  }
  return [...by.values()].sort((a, b) => b.inquiries - a.inquiries || a.key.localeCompare(b.key));
}

async function hasPaid(profileId: string): Promise<boolean> {
  const { data } = await store()
    .entities.payment.query.byProfile({ profileId })
    .where(({ status }, { eq }) => eq(status, 'paid'))
    .go({ pages: 'all' });
  return data.length > 0;
}

/**
 * `range`: the first and last instants of the range's days (UTC ISO). Resolves to the funnel for the
 * range's visits, so the caller can read them (the daily aggregates) at the same time.
 */
export async function readFunnel(range: { start: string; end: string }): Promise<(visits: number) => AnalyticsFunnel> {
  const { data } = await store()
    .entities.contactSubmission.query.byCreated({})
    .between({ createdAt: range.start }, { createdAt: range.end })
    .go({ pages: 'all' });
  const inquiries = data.filter((c) => c.status !== 'removed');
  const clients = inquiries.filter((c) => c.status === 'converted' && c.assignedProfileId);
  const profiles = [...new Set(clients.map((c) => c.assignedProfileId as string))];
  const paid = (await Promise.all(profiles.map(hasPaid))).filter(Boolean).length;
  const keys: FunnelStep['key'][] = ['visits', 'inquiries', 'clients', 'paid'];
  const byProgram = breakdown(inquiries.map((c) => ({ key: c.program, client: c.status === 'converted' })));
  const bySource = breakdown(
    inquiries.map((c) => ({ key: c.source ?? DIRECT_SOURCE, client: c.status === 'converted' })),
  );
  return (visits) => {
    const counts = [visits, inquiries.length, profiles.length, paid];
    return {
      steps: keys.map((key, i) => ({ key, count: counts[i], conversion: conversion(key, counts[i], counts[i - 1]) })),
      byProgram,
      bySource,
    };
  };
}
