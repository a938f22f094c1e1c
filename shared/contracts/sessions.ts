import * as z from '../zod.js';
import { cursorParam, limitParam } from './pagination.js';
import {
  ADMIN_SESSION_FILTERS,
  CLIENT_SESSION_FILTERS,
  MAX_SERIES_SESSIONS,
  MAX_SESSION_NOTES,
  MIN_SERIES_SESSIONS,
  SERIES_EVERY,
  SERIES_TEXTS,
  SESSION_DURATIONS,
  SESSION_TYPES,
  type SessionType,
} from './session-options.js';

export * from './session-options.js';

/**
 * Request schemas of training sessions. Unknown fields are refused (strict objects): no caller sets
 * a status, an end time, a client's or a dog's name. The texts the screens show come from here.
 */

export const SESSION_TEXTS = {
  /** SPEC 10: the form's required fields (client, dog, date and time). */
  required: 'Please fill in all required fields',
  scheduledAt: 'scheduledAt must be a date and time with its offset (ISO 8601)',
  duration: `Duration must be one of ${SESSION_DURATIONS.join(', ')} minutes`,
  sessionType: `sessionType must be one of ${SESSION_TYPES.join(', ')}`,
  notes: `Session notes must be at most ${MAX_SESSION_NOTES} characters`,
  homework: 'homeworkAssigned must be a message id or null',
  inactiveClient: 'The client must be an active client',
  dogNotOfClient: "The dog must be one of the client's dogs",
  homeworkNotOfClient: 'The homework must be a message the client has received',
  inPast: 'A session cannot be scheduled in the past',
  notFound: 'Session not found',
  movedCompleted: 'A completed session cannot be moved',
  movedCancelled: 'A cancelled session cannot be moved',
  cancelOnlyOpen: 'Only a scheduled or confirmed session can be cancelled',
  confirmOnlyScheduled: 'Only a scheduled session can be confirmed',
  confirmOnlyFuture: 'Only a future session can be confirmed',
  changedMeanwhile: 'The session was changed meanwhile. Please reload and try again.',
  rangeOrder: 'from must not be after to',
  /** A clash (docs/decisions/0054-clash-checks-and-series.md): followed by the other sessions' times and dogs. */
  overlaps: 'This time overlaps another session',
  overlapsMany: 'This time overlaps other sessions',
  allowOverlap: 'allowOverlap must be true or false',
  /** Recurring sessions (docs/decisions/0060-session-series.md). */
  repeatEvery: `repeat.every must be one of ${SERIES_EVERY.join(', ')}`,
  repeatCount: SERIES_TEXTS.count,
  repeatUntil: 'repeat.until must be a date (YYYY-MM-DD)',
  repeatEnd: 'Give either the number of sessions or the last date of the series',
  repeatUntilTooSoon: SERIES_TEXTS.untilTooSoon,
  repeatOnUpdate: 'Only a new session can repeat; change the other sessions of its series one by one',
  seriesFailed: 'Failed to schedule the series. Please try again.',
  /** "This and following" on edit (docs/decisions/0067-edit-this-and-following.md). */
  following: 'following must be true or false',
  followingOnCreate: 'Only a saved session of a series can change the sessions after it',
  followingKeepsClient: 'A series keeps its client; change this session alone to give it to another client',
  followingTooMany: 'Too many sessions to change at once; change fewer of them first, then the rest',
} as const;

const requiredId = (max = 100) =>
  z
    .string({ error: SESSION_TEXTS.required })
    .check(
      z.trim(),
      z.minLength(1, SESSION_TEXTS.required),
      z.maxLength(max, 'id is not valid'),
      z.regex(/^[A-Za-z0-9_-]+$/, 'id is not valid'),
    );

/** An instant with its offset (or Z); stored as UTC. */
const instant = (message: string) => z.iso.datetime({ offset: true, error: message });

/** POST /api/sessions and PUT /api/sessions/{id}: the session form (SPEC 5). */
export const sessionRequest = z.strictObject({
  clientId: requiredId(),
  dogId: requiredId(),
  scheduledAt: z.iso.datetime({
    offset: true,
    error: (iss) => (iss.input === undefined || iss.input === '' ? SESSION_TEXTS.required : SESSION_TEXTS.scheduledAt),
  }),
  /** Left out: the business's default duration on create (60 unless set), unchanged on update. */
  durationMinutes: z.optional(z.literal(SESSION_DURATIONS, { error: SESSION_TEXTS.duration })),
  /** Left out: training on create, unchanged on update. */
  sessionType: z.optional(z.enum(SESSION_TYPES, { error: SESSION_TEXTS.sessionType })),
  /** Trimmed; empty or null clears, left out leaves it as it is. */
  notes: z.optional(
    z.nullable(
      z.pipe(
        z.pipe(
          z.string({ error: SESSION_TEXTS.notes }).check(z.maxLength(MAX_SESSION_NOTES, SESSION_TEXTS.notes)),
          z.transform((s: string) => s.trim()),
        ),
        z.transform((s: string) => (s === '' ? null : s)),
      ),
    ),
  ),
  /** A message id of the client's (Relevant Homework); null clears. */
  homeworkAssigned: z.optional(
    z.nullable(
      z.pipe(
        z.pipe(
          z.string({ error: SESSION_TEXTS.homework }).check(z.maxLength(100, SESSION_TEXTS.homework)),
          z.transform((s: string) => s.trim()),
        ),
        z.transform((s: string) => (s === '' ? null : s)),
      ),
    ),
  ),
  /** The trainer knowingly overlaps another open session (the form's "Schedule anyway"). */
  allowOverlap: z.optional(z.boolean({ error: SESSION_TEXTS.allowOverlap })),
  /**
   * Update only: the later open sessions of the session's series change with it (moved by the same
   * number of days to the new time of day, with its dog, duration and type).
   */
  following: z.optional(z.boolean({ error: SESSION_TEXTS.following })),
  /** Create only: the session repeats (a series of sessions, each its own). */
  repeat: z.optional(
    z
      .strictObject({
        every: z.enum(SERIES_EVERY, { error: SESSION_TEXTS.repeatEvery }),
        count: z.optional(
          z
            .number({ error: SESSION_TEXTS.repeatCount })
            .check(
              z.int(SESSION_TEXTS.repeatCount),
              z.gte(MIN_SERIES_SESSIONS, SESSION_TEXTS.repeatCount),
              z.lte(MAX_SERIES_SESSIONS, SESSION_TEXTS.repeatCount),
            ),
        ),
        until: z.optional(z.iso.date({ error: SESSION_TEXTS.repeatUntil })),
      })
      .check(
        z.refine((r) => (r.count === undefined) !== (r.until === undefined), {
          message: SESSION_TEXTS.repeatEnd,
          path: ['count'],
        }),
      ),
  ),
});
export type SessionRequest = z.infer<typeof sessionRequest>;

/**
 * GET /api/sessions: `from`/`to` bound the start time (either may be left out) and list it soonest
 * first; without a range the newest come first. `status` and `search` (client or dog name) narrow it.
 */
export const listSessionsQuery = z
  .strictObject({
    from: z.optional(instant('from must be a date and time with its offset (ISO 8601)')),
    to: z.optional(instant('to must be a date and time with its offset (ISO 8601)')),
    status: z.optional(
      z.enum(ADMIN_SESSION_FILTERS, { error: `status must be one of ${ADMIN_SESSION_FILTERS.join(', ')}` }),
    ),
    search: z.optional(z.string().check(z.trim(), z.maxLength(100, 'search must be at most 100 characters'))),
    cursor: cursorParam,
    limit: limitParam,
  })
  .check(
    z.refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
      message: SESSION_TEXTS.rangeOrder,
      path: ['from'],
    }),
  );
export type ListSessionsQuery = z.infer<typeof listSessionsQuery>;

/** GET /api/me/sessions: the caller's own sessions, upcoming first (soonest first), then the rest (latest first). */
export const listMySessionsQuery = z.strictObject({
  filter: z.optional(
    z.enum(CLIENT_SESSION_FILTERS, { error: `filter must be one of ${CLIENT_SESSION_FILTERS.join(', ')}` }),
  ),
  cursor: cursorParam,
  limit: limitParam,
});
export type ListMySessionsQuery = z.infer<typeof listMySessionsQuery>;

/** POST /api/me/sessions/{id}/confirm carries nothing: any field is refused. */
export const emptySessionAction = z.optional(z.strictObject({}));

/**
 * POST /api/sessions/{id}/cancel: nothing, or `following: true` to cancel this session and the later
 * open sessions of its series (ADR 0060).
 */
export const cancelSessionAction = z.optional(
  z.strictObject({ following: z.optional(z.boolean({ error: SESSION_TEXTS.following })) }),
);

export const sessionPathParams = z.object({
  id: z
    .string({ error: 'Session id is required' })
    .check(z.minLength(1, 'Session id is required'), z.maxLength(100, 'Session id is not valid')),
});

/** Event detail of `SessionsChanged` (shared/routes.ts events). */
export interface SessionsChangedDetail {
  sessionId: string;
  /** The session's client: the only client whose tabs hear of it. */
  clientId: string;
}

/**
 * A session's reminder time came (its one-off schedule `session-reminder-<id>` fired, 24 hours before
 * the start): remind the client. `scheduledAt` is the start the reminder was scheduled for, so a
 * schedule that fires after the session moved does nothing.
 */
/**
 * A session was scheduled, changed, cancelled or deleted by the trainer: written to the outbox in the
 * write's own transaction (shared/domain/outbox.ts), so its follow-ups cannot be lost or run for a
 * write that did not happen. Its handlers put the reminder schedule where the session now is and
 * send the appointment message the write calls for.
 */
export interface SessionWrittenDetail {
  sessionId: string;
  kind: 'scheduled' | 'updated' | 'cancelled' | 'deleted';
  /** The site's origin, for the links in the reminder and message e-mails. */
  siteUrl?: string;
  /**
   * The appointment message of this write (SPEC 7; not for a deletion): its id, fixed at the write so
   * a retried delivery sends it once, who sends it, and the session as written. Ids only, no personal
   * details: the handler reads the dog's name and the session's notes by id when it sends.
   */
  appointment?: {
    messageId: string;
    senderId: string;
    clientId: string;
    dogId: string;
    sessionType: SessionType;
    scheduledAt: string;
    durationMinutes: number;
    /**
     * A series' one message (on its first session's event, written with its last chunk): every
     * session's id and start, in order. The other sessions' events carry no appointment.
     */
    series?: { sessionIds: string[]; starts: string[] };
  };
}

/** How a session's reminder message's subject begins (its push notice opens the client's sessions). */
export const SESSION_REMINDER_SUBJECT = 'Reminder: Training Session Tomorrow';

export interface SessionReminderDueDetail {
  sessionId: string;
  scheduledAt: string;
  /** The site's origin, for the link in the reminder e-mail. */
  siteUrl?: string;
}
