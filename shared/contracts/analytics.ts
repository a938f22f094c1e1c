import * as z from '../zod.js';

/** First-party analytics events (SPEC 7 "Analytics events"). No third-party tracker is involved. */
const pageView = z.strictObject({
  name: z.literal('page_view'),
  page_title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
  page_location: z.string().check(z.trim(), z.minLength(1), z.maxLength(2000)),
  /** `document.referrer`: only its domain is kept (as the visit's source). */
  referrer: z.optional(z.string().check(z.maxLength(2000))),
});

const formSubmit = z.strictObject({
  name: z.literal('form_submit'),
  form_name: z.literal('contact_form'),
  program: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  has_dog_info: z.boolean(),
  page_location: z.optional(z.string().check(z.trim(), z.maxLength(2000))),
});

export const analyticsEventSchema = z.discriminatedUnion('name', [pageView, formSubmit], {
  error: 'name must be page_view or form_submit',
});
export type AnalyticsEventInput = z.infer<typeof analyticsEventSchema>;

/** GET /api/analytics: `dateRange` as `{n}daysAgo` (the last n days, today included), 30 by default. */
/** SPEC 9: the page views chart shows the last 7 days (of the selected range). */
export const CHART_DAYS = 7;
export const DATE_RANGES = ['7daysAgo', '14daysAgo', '30daysAgo', '90daysAgo', '365daysAgo'] as const;
export const analyticsQuery = z.strictObject({
  dateRange: z.optional(z.enum(DATE_RANGES, { error: `dateRange must be one of ${DATE_RANGES.join(', ')}` })),
});

export interface TopPage {
  page: string;
  views: number;
  percentage: number;
}

/** SPEC 7: the analytics answer's summary. `avgSessionDuration` is in minutes, `bounceRate` a percentage. */
export interface AnalyticsSummary {
  totalPageViews: number;
  /**
   * Each day's unique visitors, added up over the range: a visitor is known within one day only (the
   * day's salt, ADR 0030), so one person on five days counts five (docs/decisions/0040-analytics-figures.md).
   */
  totalUsers: number;
  totalVisits: number;
  bounceRate: number;
  avgSessionDuration: number;
  topPages: TopPage[];
  /** Active clients now, as the dashboard and the client list count them (active accounts). */
  activeClients: number;
  /** Clients with a payment made in the range and paid (the payments list, status paid, by creation). */
  paidClients: number;
}

export interface FunnelStep {
  key: 'visits' | 'inquiries' | 'clients' | 'paid';
  count: number;
  /**
   * Percentage of the previous step, only where the step is a part of it: clients of the inquiries
   * (SPEC 9's conversion rate), paid of those clients. Null for visits, for inquiries (a request may
   * come without a recorded visit: by the API, with Do Not Track) and when the previous step is 0.
   */
  conversion: number | null;
}

export interface FunnelBreakdown {
  key: string;
  inquiries: number;
  clients: number;
}

export interface AnalyticsFunnel {
  steps: FunnelStep[];
  byProgram: FunnelBreakdown[];
  bySource: FunnelBreakdown[];
}

export interface RecentContact {
  id: string;
  firstName: string;
  lastName: string;
  program: string;
  status: string;
  createdAt: string;
}

export interface AnalyticsData {
  range: { from: string; to: string; days: number };
  /** Whether a page view was ever counted (SPEC 8's "being set up" notice shows while it was not). */
  recorded: boolean;
  summary: AnalyticsSummary;
  /** One entry per day of the range, oldest first; `date` is YYYYMMDD (UTC). */
  pageViews: { date: string; views: number }[];
  /** Visits by where they came from (domain or utm_source), most first. */
  sources: { source: string; visits: number }[];
  campaigns: { campaign: string; visits: number }[];
  funnel: AnalyticsFunnel;
  /** SPEC 9: contact submissions of the last 30 days, newest first, at most 10. */
  recentContacts: RecentContact[];
  /** Sessions by status (SPEC 4: a session without a status counts as pending). */
  sessionsByStatus: { status: string; count: number }[];
}

/** SPEC 7: `{ success, data, error }`. */
export interface AnalyticsResponse {
  success: true;
  data: AnalyticsData;
  error: null;
}

export interface RealtimeAnalyticsResponse {
  success: true;
  data: { activeUsers: number };
  error: null;
}

/** Pushed to the trainer's tabs when the active visitors change. */
export interface ActiveVisitorsNotice {
  type: 'analytics.active';
  activeUsers: number;
}
