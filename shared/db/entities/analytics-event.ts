import { Entity } from 'electrodb';
import { idAttribute, SERVICE } from './common.js';

/**
 * One first-party analytics event, partitioned by UTC day; raw events expire after 90 days (TTL). A page
 * view carries what it changed in its visitor's visit (`newVisitor`, `newVisit`, `bounceDelta`,
 * `durationDelta`), worked out when it was recorded, so the daily aggregates are sums of events
 * (shared/domain/analytics-aggregates.ts, docs/decisions/0030-first-party-analytics.md).
 */
export const analyticsEventEntity = new Entity({
  model: { entity: 'analyticsEvent', version: '1', service: SERVICE },
  attributes: {
    id: idAttribute,
    day: { type: 'string', required: true },
    at: { type: 'string', required: true },
    name: { type: ['page_view', 'form_submit'] as const, required: true },
    /** Path only (no query string, no host): what the analytics dashboard groups by. */
    page: { type: 'string' },
    pageTitle: { type: 'string' },
    formName: { type: 'string' },
    program: { type: 'string' },
    hasDogInfo: { type: 'boolean' },
    /** The visitor's hash of the day (salted with a salt that is thrown away after the day). */
    visitor: { type: 'string' },
    newVisitor: { type: 'boolean' },
    newVisit: { type: 'boolean' },
    /** +1 when the view starts a visit, -1 when it is a visit's second view, else 0. */
    bounceDelta: { type: 'number' },
    /** Seconds the view adds to its visit's duration (since the visit's previous view). */
    durationDelta: { type: 'number' },
    /** Where the visit came from: utm_source, else the referrer's domain, else "(direct)". */
    source: { type: 'string' },
    campaign: { type: 'string' },
    /** Set once the event is counted in the daily aggregates (each event is counted once). */
    aggregated: { type: 'boolean' },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byDay: { pk: { field: 'pk', composite: ['day'] }, sk: { field: 'sk', composite: ['at', 'id'] } },
  },
});

/**
 * A visitor's state on one UTC day (the visitor hash changes every day): the current visit's start, its
 * last view and how many views it has. Expires two days later. `gsi1` lists the visitors by their last
 * view, in four partitions (by the hash's first digit), for the active visitors now.
 */
export const analyticsVisitorEntity = new Entity({
  model: { entity: 'analyticsVisitor', version: '1', service: SERVICE },
  attributes: {
    day: { type: 'string', required: true, readOnly: true },
    visitor: { type: 'string', required: true, readOnly: true },
    shard: { type: 'string', required: true, readOnly: true },
    lastAt: { type: 'string', required: true },
    visitStartAt: { type: 'string', required: true },
    visitViews: { type: 'number', required: true },
    source: { type: 'string', required: true },
    campaign: { type: 'string' },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byVisitor: {
      pk: { field: 'pk', composite: ['day', 'visitor'] },
      sk: { field: 'sk', composite: [] },
    },
    byLastView: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['shard'] },
      sk: { field: 'gsi1sk', composite: ['lastAt'] },
    },
  },
});

/** The random salt of one UTC day's visitor hashes; expires the day after, so no hash can be recomputed. */
export const analyticsSaltEntity = new Entity({
  model: { entity: 'analyticsSalt', version: '1', service: SERVICE },
  attributes: {
    day: { type: 'string', required: true, readOnly: true },
    salt: { type: 'string', required: true, readOnly: true },
    expiresAt: { type: 'number', required: true },
  },
  indexes: {
    byDay: { pk: { field: 'pk', composite: ['day'] }, sk: { field: 'sk', composite: [] } },
  },
});

/** The site's counters of a day or a month (summed from the events). */
const SITE_COUNTERS = {
  views: { type: 'number' },
  visitors: { type: 'number' },
  visits: { type: 'number' },
  bounces: { type: 'number' },
  durationSeconds: { type: 'number' },
  formSubmits: { type: 'number' },
} as const;

/**
 * Per-day counters of one dimension: `site` holds the day's totals (views, visitors, visits, bounces,
 * duration, form submits); `page`, `source` and `campaign` hold one map of value -> count (views of a
 * page, visits from a source or campaign). Added to by the aggregator from the events; one item per
 * dimension and day, one partition per month. A range reads them only for a month it starts inside (the
 * others from the month roll-ups below).
 */
export const analyticsDailyEntity = new Entity({
  model: { entity: 'analyticsDaily', version: '1', service: SERVICE },
  attributes: {
    dimension: { type: ['site', 'page', 'source', 'campaign'] as const, required: true, readOnly: true },
    month: { type: 'string', required: true, readOnly: true },
    day: { type: 'string', required: true, readOnly: true },
    ...SITE_COUNTERS,
    /** Count per value of the dimension (a page path, a source, a campaign). */
    counts: { type: 'any' },
  },
  indexes: {
    byMonth: {
      pk: { field: 'pk', composite: ['month'] },
      sk: { field: 'sk', composite: ['dimension', 'day'] },
    },
  },
});

/**
 * Month roll-ups of the daily counters, one item per dimension and month, in the month's partition beside
 * its day items: `site` holds the month's totals and `counts` its views per day; `page`, `source` and
 * `campaign` hold the month's map value -> count. Created with what the month's day items already hold and
 * then added to in the same transaction as the day items, so a roll-up equals the sum of its month's days.
 * A range reads whole months from here and only a partial month's day items.
 */
export const analyticsMonthlyEntity = new Entity({
  model: { entity: 'analyticsMonthly', version: '1', service: SERVICE },
  attributes: {
    dimension: { type: ['site', 'page', 'source', 'campaign'] as const, required: true, readOnly: true },
    month: { type: 'string', required: true, readOnly: true },
    ...SITE_COUNTERS,
    /** Count per value of the dimension (a page path, a source, a campaign); for `site`, views per day. */
    counts: { type: 'any' },
  },
  indexes: {
    byMonth: {
      pk: { field: 'pk', composite: ['month'] },
      sk: { field: 'sk', composite: ['dimension'] },
    },
  },
});
