/**
 * Constants and response shapes of training sessions, with no runtime dependency (the web imports them
 * without zod). Request schemas live in sessions.ts and use the same texts.
 *
 * HTTP routes (shared/routes.ts):
 *   GET    /api/sessions?from=&to=&status=&search=&cursor=&limit=   admin   SessionPage (by start time)
 *   GET    /api/sessions/stats                                        admin   SessionStats
 *   POST   /api/sessions                                              admin   { session: SessionView, series? }
 *   GET    /api/sessions/{id}                                         admin   { session: SessionView }
 *   PUT    /api/sessions/{id}                                         admin   { session: SessionView }
 *   POST   /api/sessions/{id}/cancel { following? }                   admin   { session: SessionView, cancelled? }
 *   DELETE /api/sessions/{id}                                         admin   204
 *   GET    /api/clients/{id}/homework                                 admin   { items: HomeworkOption[] }
 *   GET    /api/me/sessions?filter=&cursor=&limit=                    client  SessionPage (own only)
 *   GET    /api/me/sessions/stats                                     client  ClientSessionStats
 *   POST   /api/me/sessions/{id}/confirm                              client  { session: SessionView }
 * Realtime notice to admins and to the session's client: `sessions.changed`.
 */

/** SPEC 3: session_type. */
export const SESSION_TYPES = ['evaluation', 'training', 'follow_up'] as const;
export type SessionType = (typeof SESSION_TYPES)[number];

export const SESSION_TYPE_LABELS: Record<SessionType, string> = {
  evaluation: 'Evaluation',
  training: 'Training',
  follow_up: 'Follow-up',
};

/** SPEC 3: status. */
export const SESSION_STATUSES = ['scheduled', 'confirmed', 'completed', 'cancelled'] as const;
export type SessionStatus = (typeof SESSION_STATUSES)[number];

export const SESSION_STATUS_LABELS: Record<SessionStatus, string> = {
  scheduled: 'Scheduled',
  confirmed: 'Confirmed',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** SPEC 5: the durations the form offers (minutes); 60 unless the business settings say otherwise. */
export const SESSION_DURATIONS = [30, 45, 60, 90, 120] as const;
export const DEFAULT_SESSION_MINUTES = 60;
/** The longest session there can be (every duration is one of SESSION_DURATIONS). */
export const MAX_SESSION_MINUTES = Math.max(...SESSION_DURATIONS);

const MINUTE_MS = 60_000;

/**
 * The start times to read so that every session overlapping a session that starts within [from, to)
 * and lasts at most MAX_SESSION_MINUTES is among them: one that started up to MAX_SESSION_MINUTES
 * earlier is still running (e.g. the evening before, past midnight), and one may start until the
 * new session's end (e.g. just after midnight, the next day). UTC ISO instants.
 */
export function overlapRange(range: { from: string; to: string }): { from: string; to: string } {
  const pad = MAX_SESSION_MINUTES * MINUTE_MS;
  return {
    from: new Date(Date.parse(range.from) - pad).toISOString(),
    to: new Date(Date.parse(range.to) + pad).toISOString(),
  };
}

/**
 * Sessions that overlap [start, start + minutes): their start is before that end and their end after
 * that start, whatever day either falls on. The one being edited and cancelled ones do not count.
 */
export function overlappingSessions<S extends Pick<SessionView, 'id' | 'status' | 'scheduledAt' | 'endsAt'>>(
  sessions: readonly S[],
  startIso: string,
  minutes: number,
  exceptId?: string,
): S[] {
  const start = Date.parse(startIso);
  const end = start + minutes * MINUTE_MS;
  return sessions.filter(
    (s) =>
      s.id !== exceptId && s.status !== 'cancelled' && Date.parse(s.scheduledAt) < end && start < Date.parse(s.endsAt),
  );
}

/** SPEC 2: the trainer's status filter, and the client's filters. */
export const ADMIN_SESSION_FILTERS = ['all', 'scheduled', 'confirmed', 'completed', 'cancelled'] as const;
export type AdminSessionFilter = (typeof ADMIN_SESSION_FILTERS)[number];
export const CLIENT_SESSION_FILTERS = ['all', 'upcoming', 'past', 'scheduled', 'confirmed', 'completed'] as const;
export type ClientSessionFilter = (typeof CLIENT_SESSION_FILTERS)[number];

export const MAX_SESSION_NOTES = 5000;

/**
 * Recurring sessions (docs/decisions/0060-session-series.md): a new session may repeat every week or every
 * two weeks at the same time of day in the business's time zone, for a number of sessions or until a
 * date, at most MAX_SERIES_SESSIONS in all (the first included).
 */
export const SERIES_EVERY = ['week', 'fortnight'] as const;
export type SeriesEvery = (typeof SERIES_EVERY)[number];
export const SERIES_EVERY_LABELS: Record<SeriesEvery, string> = { week: 'Every week', fortnight: 'Every 2 weeks' };
export const SERIES_EVERY_WEEKS: Record<SeriesEvery, number> = { week: 1, fortnight: 2 };
export const MIN_SERIES_SESSIONS = 2;
export const MAX_SERIES_SESSIONS = 26;
export const SERIES_TEXTS = {
  count: `A series has ${MIN_SERIES_SESSIONS} to ${MAX_SERIES_SESSIONS} sessions`,
  untilTooSoon: 'The last date must leave room for at least two sessions',
} as const;

/** How a new session repeats: `count` sessions in all, or every one on or before `until` (a business date). */
export interface SeriesRepeat {
  every: SeriesEvery;
  count?: number;
  until?: string;
}

/** A session as the screens show it (sessions_with_details): the client and dog named. */
export interface SessionView {
  id: string;
  clientId: string;
  clientName: string;
  dogId: string;
  dogName: string;
  dogBreed?: string;
  /** Start, UTC ISO. */
  scheduledAt: string;
  durationMinutes: number;
  /** Start + duration, UTC ISO. */
  endsAt: string;
  sessionType: SessionType;
  status: SessionStatus;
  notes?: string;
  /** A message id (SPEC 3 homework_assigned). */
  homeworkAssigned?: string;
  /** The assigned message, when it exists and was delivered to this client. */
  homework?: SessionHomework;
  /** The dog's training goals (sessions_with_details), when it has some. */
  trainingGoals?: string;
  /** The series the session was scheduled in, when it was scheduled as one (each is its own session). */
  seriesId?: string;
  createdAt: string;
  updatedAt: string;
  /** Admin only: the client's contact details. */
  clientEmail?: string;
  clientPhone?: string;
}

/** The Relevant Homework message a session shows: its subject and its (Markdown) content. */
export interface SessionHomework {
  subject: string;
  content: string;
}

export interface SessionPage {
  items: SessionView[];
  cursor: string | null;
}

/** SPEC 2: the trainer's stat cards. */
export interface SessionStats {
  total: number;
  upcoming: number;
  today: number;
  activeClients: number;
}

/** SPEC 2: the client's stat cards. */
export interface ClientSessionStats {
  upcoming: number;
  completed: number;
  dogs: number;
}

/** A message the form offers as Relevant Homework (the client's delivered messages). */
export interface HomeworkOption {
  id: string;
  subject: string;
  messageType: string;
  /** SPEC 5: the first 200 characters of the content. */
  preview: string;
  sentAt: string;
}

export const HOMEWORK_PREVIEW_CHARS = 200;

export interface SessionsChangedNotice {
  type: 'sessions.changed';
  sessionId?: string;
}

export function isSessionsChangedNotice(m: unknown): m is SessionsChangedNotice {
  return !!m && typeof m === 'object' && (m as { type?: unknown }).type === 'sessions.changed';
}
