import {
  type AdminSessionFilter,
  type ClientSessionFilter,
  HOMEWORK_PREVIEW_CHARS,
  type HomeworkOption,
  type ListMySessionsQuery,
  type ListSessionsQuery,
  type SessionStatus,
} from '../contracts/sessions.js';
import { batchGetAll } from '../db/batch.js';
import { store } from '../db/service.js';
import { AppError } from '../errors.js';
import type { MessageItem } from './messages.js';
import {
  boundedPage,
  MAX_PAGE_READS,
  type Page,
  type PagedQuery,
  type Position,
  positionState,
  queryCursor,
  toPosition,
} from './pagination.js';
import { getProfileById } from './profiles.js';
import { searchWords } from './search-words.js';
import { shardOf } from './session-tokens.js';
import { completeEndedSessions, type SessionItem } from './sessions.js';

/**
 * The lists of sessions (shared/domain/sessions.ts): the trainer's, a client's own, a client's recent
 * ones, and the messages the session form offers as Relevant Homework.
 */

const DEFAULT_PAGE = 20;
/** Sessions completed per status when a list loads; the 5-minute job catches up with any more. */
const COMPLETE_ON_LOAD = 50;
/** How many of a client's delivered messages the Relevant Homework picker offers (newest first). */
const MAX_HOMEWORK_OPTIONS = 100;

/** The attributes a session's view shows (lists read only these: no search words, no reminder mark). */
const VIEW_ATTRIBUTES = [
  'id',
  'clientId',
  'clientName',
  'dogId',
  'dogName',
  'dogBreed',
  'scheduledAt',
  'durationMinutes',
  'endsAt',
  'sessionType',
  'status',
  'notes',
  'homeworkAssigned',
  'createdAt',
  'updatedAt',
] as const;

// ---------------------------------------------------------------------------------------------------
// Lists

/** The upper bound of a range, inclusive: one millisecond on, as a key bound that sorts after `to`'s sessions. */
const inclusiveEnd = (to: string) => new Date(Date.parse(to) + 1).toISOString();
const iso = (s: string) => new Date(Date.parse(s)).toISOString();

/**
 * The trainer's sessions. With `from` and/or `to`: the sessions starting in that range, soonest
 * first; without: SPEC 9's order, upcoming scheduled or confirmed ones soonest first, then the rest
 * latest first (as a client's own list). `status` keeps one status; `search` the sessions whose client or dog
 * name has words starting with each search word. Ended sessions are completed first.
 */
export async function listSessions(
  opts: PagedQuery<ListSessionsQuery> = {},
  now = new Date(),
): Promise<Page<SessionItem>> {
  await completeEndedSessions(now, { max: COMPLETE_ON_LOAD });
  const limit = opts.limit ?? DEFAULT_PAGE;
  const status = opts.status && opts.status !== 'all' ? (opts.status as Exclude<AdminSessionFilter, 'all'>) : undefined;
  const range = { from: opts.from ? iso(opts.from) : undefined, to: opts.to ? iso(opts.to) : undefined };
  const terms = searchWords(opts.search ?? '');
  if (terms.length) return searchSessions(terms, status, range, limit, opts.cursor, now);
  if (!range.from && !range.to) return phasedPage(ADMIN_PHASES[status ?? 'all'], 'all', opts.cursor, limit, now);
  return boundedPage<SessionItem>(opts.cursor, limit, (c) => {
    const q = store().entities.session.query.byDate({});
    const keyed =
      range.from && range.to
        ? q.between({ scheduledAt: range.from }, { scheduledAt: inclusiveEnd(range.to) })
        : range.from
          ? q.gte({ scheduledAt: range.from })
          : q.lt({ scheduledAt: inclusiveEnd(range.to as string) });
    const filtered = status ? keyed.where(({ status: st }, { eq }) => eq(st, status)) : keyed;
    return filtered.go({ cursor: c, limit, order: 'asc', attributes: [...VIEW_ATTRIBUTES] }) as never;
  });
}

/** Open (scheduled or confirmed) sessions starting from `at` on, soonest first: SPEC 9's first part. */
const isUpcoming = (s: SessionItem, at: string) =>
  (s.status === 'scheduled' || s.status === 'confirmed') && s.scheduledAt >= at;

/** SPEC 9's order: upcoming open sessions soonest first, then the rest latest first. */
function specOrder(at: string) {
  return (a: SessionItem, b: SessionItem) => {
    const ua = isUpcoming(a, at);
    const ub = isUpcoming(b, at);
    if (ua !== ub) return ua ? -1 : 1;
    return ua
      ? a.scheduledAt.localeCompare(b.scheduledAt) || a.id.localeCompare(b.id)
      : b.scheduledAt.localeCompare(a.scheduledAt) || b.id.localeCompare(a.id);
  };
}

async function searchSessions(
  terms: string[],
  status: SessionStatus | undefined,
  range: { from?: string; to?: string },
  limit: number,
  position: Position | undefined,
  now: Date,
): Promise<Page<SessionItem>> {
  // The longest word is the most selective: it drives the index read, the others filter.
  const [lead, ...rest] = [...terms].sort((a, b) => b.length - a.length);
  const found: SessionItem[] = [];
  const seen = new Set<string>();
  let next: string | null = queryCursor(position);
  for (let reads = 0; reads < MAX_PAGE_READS && found.length < limit; reads++) {
    const page = await store()
      .entities.sessionToken.query.byToken({ shard: shardOf(lead) })
      .begins({ token: lead })
      .go({ cursor: next, limit });
    const ids = [...new Set(page.data.map((t) => t.sessionId))].filter((id) => !seen.has(id));
    for (const id of ids) seen.add(id);
    if (ids.length) {
      const data = await batchGetAll(
        'sessions',
        ids.map((id) => ({ id })),
        (keys) => store().entities.session.get(keys).go(),
      );
      for (const s of data as SessionItem[]) {
        if (status && s.status !== status) continue;
        if (range.from && s.scheduledAt < range.from) continue;
        if (range.to && s.scheduledAt > range.to) continue;
        const tokens = s.searchTokens ?? [];
        if (rest.every((t) => tokens.some((w) => w.startsWith(t)))) found.push(s);
      }
    }
    next = page.cursor ?? null;
    if (!next) break;
  }
  const ranged = !!(range.from || range.to);
  found.sort(
    ranged
      ? (a, b) => a.scheduledAt.localeCompare(b.scheduledAt) || a.id.localeCompare(b.id)
      : specOrder(now.toISOString()),
  );
  return { items: found, cursor: toPosition(next) };
}

type Phase = (clientId: string, at: string, cursor: string | null, limit: number) => Promise<unknown>;

/** Every session by start time (the trainer's list); `where` narrows it, read in `order`. */
const byDatePhase =
  (order: 'asc' | 'desc', where: (at: string) => Parameters<ReturnType<typeof byDateQuery>['where']>[0]): Phase =>
  (_all, at, cursor, limit) =>
    byDateQuery(order === 'asc' ? { gte: at } : undefined)
      .where(where(at))
      .go({ cursor, limit, order, attributes: [...VIEW_ATTRIBUTES] });

function byDateQuery(range?: { gte: string }) {
  const q = store().entities.session.query.byDate({});
  return range ? q.gte({ scheduledAt: range.gte }) : q;
}

/** The trainer's list without a date range, per status filter, in SPEC 9's order (as a client's own list). */
const ADMIN_PHASES: Record<AdminSessionFilter, Phase[]> = {
  all: [
    byDatePhase(
      'asc',
      () =>
        ({ status }, { eq }) =>
          `(${eq(status, 'scheduled')} OR ${eq(status, 'confirmed')})`,
    ),
    byDatePhase(
      'desc',
      (at) =>
        ({ status, scheduledAt }, { eq, lt }) =>
          `${lt(scheduledAt, at)} OR ${eq(status, 'completed')} OR ${eq(status, 'cancelled')}`,
    ),
  ],
  scheduled: [
    byDatePhase(
      'asc',
      () =>
        ({ status }, { eq }) =>
          eq(status, 'scheduled'),
    ),
    byDatePhase(
      'desc',
      (at) =>
        ({ status, scheduledAt }, { eq, lt }) =>
          `${lt(scheduledAt, at)} AND ${eq(status, 'scheduled')}`,
    ),
  ],
  confirmed: [
    byDatePhase(
      'asc',
      () =>
        ({ status }, { eq }) =>
          eq(status, 'confirmed'),
    ),
    byDatePhase(
      'desc',
      (at) =>
        ({ status, scheduledAt }, { eq, lt }) =>
          `${lt(scheduledAt, at)} AND ${eq(status, 'confirmed')}`,
    ),
  ],
  completed: [
    byDatePhase(
      'desc',
      () =>
        ({ status }, { eq }) =>
          eq(status, 'completed'),
    ),
  ],
  cancelled: [
    byDatePhase(
      'desc',
      () =>
        ({ status }, { eq }) =>
          eq(status, 'cancelled'),
    ),
  ],
};

/** Upcoming: open sessions starting from `at` on, soonest first (`only` narrows to one open status). */
const upcomingPhase =
  (only?: SessionStatus): Phase =>
  (clientId, at, cursor, limit) =>
    store()
      .entities.session.query.byClient({ clientId })
      .gte({ scheduledAt: at })
      .where(({ status }, { eq }) =>
        only ? eq(status, only) : `(${eq(status, 'scheduled')} OR ${eq(status, 'confirmed')})`,
      )
      .go({ cursor, limit, order: 'asc' });

/** The rest, latest first: everything but the upcoming open sessions. */
const restPhase: Phase = (clientId, at, cursor, limit) =>
  store()
    .entities.session.query.byClient({ clientId })
    .where(
      ({ status, scheduledAt }, { eq, lt }) =>
        `${lt(scheduledAt, at)} OR ${eq(status, 'completed')} OR ${eq(status, 'cancelled')}`,
    )
    .go({ cursor, limit, order: 'desc' });

/** Started before `at`, latest first (`only` narrows to one status). */
const pastPhase =
  (only?: SessionStatus): Phase =>
  (clientId, at, cursor, limit) => {
    const q = store().entities.session.query.byClient({ clientId }).lt({ scheduledAt: at });
    return (only ? q.where(({ status }, { eq }) => eq(status, only)) : q).go({ cursor, limit, order: 'desc' });
  };

const completedPhase: Phase = (clientId, _at, cursor, limit) =>
  store()
    .entities.session.query.byClient({ clientId })
    .where(({ status }, { eq }) => eq(status, 'completed'))
    .go({ cursor, limit, order: 'desc' });

/** SPEC 9 ordering per filter: upcoming open sessions soonest first, then the rest latest first. */
const CLIENT_PHASES: Record<ClientSessionFilter, Phase[]> = {
  all: [upcomingPhase(), restPhase],
  upcoming: [upcomingPhase()],
  past: [pastPhase()],
  scheduled: [upcomingPhase('scheduled'), pastPhase('scheduled')],
  confirmed: [upcomingPhase('confirmed'), pastPhase('confirmed')],
  completed: [completedPhase],
};

/**
 * A client's own sessions (their item range of the by-client index), in the SPEC's order: upcoming
 * scheduled or confirmed ones soonest first, then the rest latest first, per filter. The cursor keeps
 * the phase and the instant that splits upcoming from past, so pages do not shift as time passes.
 * Reads at most MAX_PAGE_READS x limit rows per request; ended sessions are completed first.
 */
export async function listMySessions(
  clientId: string,
  opts: PagedQuery<ListMySessionsQuery> = {},
  now = new Date(),
): Promise<Page<SessionItem>> {
  await completeEndedSessions(now, { max: COMPLETE_ON_LOAD });
  return phasedPage(CLIENT_PHASES[opts.filter ?? 'all'], clientId, opts.cursor, opts.limit ?? DEFAULT_PAGE, now);
}

/**
 * One page of a list read in phases (upcoming, then the rest). The cursor keeps the phase and the
 * instant that splits upcoming from past, so pages do not shift as time passes. Reads at most
 * MAX_PAGE_READS x limit rows per request.
 */
async function phasedPage(
  phases: Phase[],
  owner: string,
  cursor: Position | undefined,
  limit: number,
  now: Date,
): Promise<Page<SessionItem>> {
  const at = positionState<{ p: number; c: string | null; n: string }>(cursor) ?? {
    p: 0,
    c: null,
    n: now.toISOString(),
  };
  const items: SessionItem[] = [];
  let phase = at.p;
  let inner: string | null = at.c ?? null;
  for (let reads = 0; reads < MAX_PAGE_READS && phase < phases.length && items.length < limit; reads++) {
    const page = (await phases[phase](owner, at.n, inner, limit)) as { data: SessionItem[]; cursor: string | null };
    items.push(...page.data);
    if (page.cursor) inner = page.cursor;
    else {
      phase += 1;
      inner = null;
    }
  }
  return { items, cursor: phase < phases.length ? toPosition({ p: phase, c: inner, n: at.n }) : null };
}

/** The last `limit` sessions of a client, newest first (the client detail page). */
export async function listRecentClientSessions(clientId: string, limit = 10): Promise<SessionItem[]> {
  const { data } = await store().entities.session.query.byClient({ clientId }).go({ limit, order: 'desc' });
  return data as SessionItem[];
}

// ---------------------------------------------------------------------------------------------------
// Relevant Homework

/**
 * SPEC 5: the messages the form offers as Relevant Homework: the client's newest delivered messages
 * (at most 100, one Query), homework first, then by type alphabetically, newest first within a type,
 * each with the first 200 characters of its content.
 */
export async function listClientHomework(clientId: string): Promise<HomeworkOption[]> {
  const client = await getProfileById(clientId);
  if (client?.role !== 'client') throw new AppError('NOT_FOUND', 'Client not found');
  const { data } = await store()
    .entities.message.query.byRecipient({ profileId: clientId, status: 'sent' })
    .go({ limit: MAX_HOMEWORK_OPTIONS, order: 'desc' });
  const rank = (t: string) => (t === 'homework' ? '0' : `1${t}`);
  return (data as MessageItem[])
    .slice()
    .sort(
      (a, b) =>
        rank(a.messageType).localeCompare(rank(b.messageType)) ||
        b.deliverAt.localeCompare(a.deliverAt) ||
        b.id.localeCompare(a.id),
    )
    .map((m) => ({
      id: m.id,
      subject: m.subject,
      messageType: m.messageType,
      preview: m.content.slice(0, HOMEWORK_PREVIEW_CHARS),
      sentAt: m.deliverAt,
    }));
}
