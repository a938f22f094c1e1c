import { createHash, randomBytes } from 'node:crypto';
import type { AnalyticsEventInput } from '../contracts/analytics.js';
import { isConditionFailure, store, writeTransaction } from '../db/service.js';
import { Conflict, retryOnConflict } from '../retry.js';
import { businessDate } from './business-time.js';
import { businessTimeZoneSetting } from './settings.js';

/**
 * Recording first-party analytics events (docs/decisions/0030-first-party-analytics.md). A visitor is
 * a hash of the day's random salt, the address and the user agent: neither is stored, and the salt is
 * thrown away after its day, so a hash cannot be traced back or linked across days. Each page view is
 * written with what it changed in its visitor's visit (a visit ends after 30 minutes without a view),
 * so the daily aggregates are plain sums of the events. Days are the business's calendar days.
 */

const DAY_SECONDS = 24 * 60 * 60;
/** Raw events are kept 90 days; the daily aggregates stay. */
export const RAW_EVENT_RETENTION_DAYS = 90;
/** 30 minutes without a page view ends a visit. */
export const VISIT_TIMEOUT_MS = 30 * 60 * 1000;
/** Partitions of the visitors-by-last-view index (the active visitors now). */
export const VISITOR_SHARDS = 4;
export const DIRECT_SOURCE = '(direct)';

const epochSeconds = (d: Date) => Math.floor(d.getTime() / 1000);

/** Reduces a page location to its path, so no query strings (tokens, e-mails) are stored. */
export function pagePath(location: string | undefined): string | undefined {
  if (!location) return undefined;
  try {
    return new URL(location, 'http://site.invalid').pathname;
  } catch {
    return undefined;
  }
}

const clip = (s: string) => s.trim().toLowerCase().slice(0, 100);

/**
 * Where a page view came from, by domain or campaign only: the page's `utm_source` (and `utm_campaign`),
 * else the referrer's host name unless it is the site itself, else "(direct)".
 */
export function trafficSource(location: string, referrer: string | undefined): { source: string; campaign?: string } {
  let site: URL | undefined;
  try {
    site = new URL(location, 'http://site.invalid');
  } catch {
    site = undefined;
  }
  const utmSource = site?.searchParams.get('utm_source');
  const utmCampaign = site?.searchParams.get('utm_campaign');
  const campaign = utmCampaign && clip(utmCampaign) ? { campaign: clip(utmCampaign) } : {};
  if (utmSource && clip(utmSource)) return { source: clip(utmSource), ...campaign };
  if (referrer) {
    try {
      const host = new URL(referrer).hostname.toLowerCase().replace(/^www\./, '');
      const own = site?.hostname.toLowerCase().replace(/^www\./, '');
      if (host && host !== own) return { source: host.slice(0, 100), ...campaign };
    } catch {
      // Not a URL: no referrer.
    }
  }
  return { source: DIRECT_SOURCE, ...campaign };
}

/**
 * The business's calendar day (YYYY-MM-DD) of `now`: the day an event counts in. The setting is read
 * for every event (one GetItem), so a changed time zone applies from the next event in every container.
 */
export async function analyticsDay(now: Date): Promise<string> {
  return businessDate(now, await businessTimeZoneSetting());
}

const salts = new Map<string, string>();

/** The day's salt: made once (the first writer wins), cached by the container, expires the next day. */
async function dailySalt(day: string): Promise<string> {
  const known = salts.get(day);
  if (known) return known;
  const entity = store().entities.analyticsSalt;
  let { data } = await entity.get({ day }).go();
  if (!data) {
    const expiresAt = epochSeconds(new Date(`${day}T00:00:00.000Z`)) + 2 * DAY_SECONDS;
    try {
      await entity.create({ day, salt: randomBytes(32).toString('base64'), expiresAt }).go();
    } catch (e) {
      if (!isConditionFailure(e)) throw e;
    }
    ({ data } = await entity.get({ day }).go({ consistent: true }));
  }
  if (!data) throw new Error(`No analytics salt for ${day}`);
  if (salts.size > 3) salts.clear();
  salts.set(day, data.salt);
  return data.salt;
}

/** The visitor's hash of the day (hex, 32 digits). */
export async function visitorHash(day: string, address: string, userAgent: string): Promise<string> {
  const salt = await dailySalt(day);
  return createHash('sha256').update(`${salt}\n${address}\n${userAgent}`).digest('hex').slice(0, 32);
}

export interface Viewer {
  address: string;
  userAgent: string;
}

interface VisitorState {
  lastAt: string;
  visitStartAt: string;
  visitViews: number;
  source: string;
  campaign?: string;
}

/** What one page view at `at` changes in its visitor's visit, and the visitor's next state. */
export function visitStep(
  state: VisitorState | undefined,
  at: string,
  from: { source: string; campaign?: string },
): {
  next: VisitorState;
  newVisitor: boolean;
  newVisit: boolean;
  bounceDelta: number;
  durationDelta: number;
} {
  const t = Date.parse(at);
  const fresh = { lastAt: at, visitStartAt: at, visitViews: 1, ...from };
  if (!state) return { next: fresh, newVisitor: true, newVisit: true, bounceDelta: 1, durationDelta: 0 };
  const last = Date.parse(state.lastAt);
  if (t - last > VISIT_TIMEOUT_MS) {
    return { next: fresh, newVisitor: false, newVisit: true, bounceDelta: 1, durationDelta: 0 };
  }
  return {
    next: { ...state, lastAt: t > last ? at : state.lastAt, visitViews: state.visitViews + 1 },
    newVisitor: false,
    newVisit: false,
    bounceDelta: state.visitViews === 1 ? -1 : 0,
    durationDelta: Math.max(0, t - last),
  };
}

async function recordPageView(
  input: Extract<AnalyticsEventInput, { name: 'page_view' }>,
  viewer: Viewer,
  now: Date,
): Promise<void> {
  const at = now.toISOString();
  const day = await analyticsDay(now);
  const visitor = await visitorHash(day, viewer.address, viewer.userAgent);
  const from = trafficSource(input.page_location, input.referrer);
  const expiresAt = epochSeconds(now) + RAW_EVENT_RETENTION_DAYS * DAY_SECONDS;
  // Two tabs of one visitor may record at once: the visitor's state changes only from what was read.
  await retryOnConflict(async () => {
    const { data: state } = await store().entities.analyticsVisitor.get({ day, visitor }).go({ consistent: true });
    const step = visitStep(state ?? undefined, at, from);
    const { canceled } = await writeTransaction(({ analyticsEvent, analyticsVisitor }) => [
      analyticsEvent
        .create({
          day,
          at,
          name: 'page_view',
          page: pagePath(input.page_location),
          pageTitle: input.page_title,
          visitor,
          newVisitor: step.newVisitor,
          newVisit: step.newVisit,
          bounceDelta: step.bounceDelta,
          durationDelta: step.durationDelta,
          source: step.next.source,
          ...(step.next.campaign ? { campaign: step.next.campaign } : {}),
          expiresAt,
        })
        .commit(),
      state
        ? analyticsVisitor
            .patch({ day, visitor })
            .set({
              lastAt: step.next.lastAt,
              visitStartAt: step.next.visitStartAt,
              visitViews: step.next.visitViews,
              source: step.next.source,
              expiresAt: epochSeconds(now) + 2 * DAY_SECONDS,
              ...(step.next.campaign ? { campaign: step.next.campaign } : {}),
            })
            .remove([...(step.next.campaign ? [] : (['campaign'] as const))])
            .where((a, { eq }) => `${eq(a.lastAt, state.lastAt)} AND ${eq(a.visitViews, state.visitViews)}`)
            .commit()
        : analyticsVisitor
            .create({
              day,
              visitor,
              shard: String(Number.parseInt(visitor.slice(0, 1), 16) % VISITOR_SHARDS),
              ...step.next,
              expiresAt: epochSeconds(now) + 2 * DAY_SECONDS,
            })
            .commit(),
    ]);
    if (canceled) throw new Conflict(new Error('The visitor state kept changing while recording a page view'));
  }, VISITOR_RETRY);
}

/** Tries of a page view whose visitor state another tab of the visitor changed meanwhile. */
const VISITOR_RETRY = { attempts: 5, firstDelayMs: 10 };

/** The source of the visitor's current visit today, if they have one (DIRECT_SOURCE otherwise). */
export async function currentVisitSource(viewer: Viewer, now = new Date()): Promise<string> {
  const day = await analyticsDay(now);
  const visitor = await visitorHash(day, viewer.address, viewer.userAgent);
  const { data } = await store().entities.analyticsVisitor.get({ day, visitor }).go();
  return data?.source ?? DIRECT_SOURCE;
}

/** Records one event. `viewer` identifies the visitor for the day (never stored itself). */
export async function recordAnalyticsEvent(input: AnalyticsEventInput, viewer: Viewer, now = new Date()) {
  if (input.name === 'page_view') return recordPageView(input, viewer, now);
  const at = now.toISOString();
  await store()
    .entities.analyticsEvent.create({
      day: await analyticsDay(now),
      at,
      name: input.name,
      page: pagePath(input.page_location),
      formName: input.form_name,
      program: input.program,
      hasDogInfo: input.has_dog_info,
      source: await currentVisitSource(viewer, now),
      expiresAt: epochSeconds(now) + RAW_EVENT_RETENTION_DAYS * DAY_SECONDS,
    })
    .go();
}

/** Events of one business day in time order (one partition query). */
export async function listAnalyticsEventsOfDay(day: string) {
  const { data } = await store().entities.analyticsEvent.query.byDay({ day }).go({ pages: 'all' });
  return data;
}
