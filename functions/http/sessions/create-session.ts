import { SESSION_TEXTS, sessionRequest } from '../../../shared/contracts/sessions.js';
import { createSessionSeries } from '../../../shared/domain/session-series.js';
import { createSession } from '../../../shared/domain/session-writes.js';
import { toAdminSessionView } from '../../../shared/domain/sessions.js';
import { AppError } from '../../../shared/errors.js';
import { httpHandler, siteOrigin } from '../../lib/http.js';

/**
 * POST /api/sessions (admin): schedules a session; the client gets the appointment message and the
 * reminder is scheduled (the write's outbox event, shared/domain/session-follow-ups.ts). With `repeat`,
 * a series (docs/decisions/0060-session-series.md): the answer is its first session and every start.
 */
export const handler = httpHandler({ body: sessionRequest }, async ({ actor, body, event }) => {
  if (!actor) throw new Error('unreachable: admin route without actor');
  if (body.following !== undefined) {
    throw new AppError('VALIDATION', SESSION_TEXTS.followingOnCreate, { following: [SESSION_TEXTS.followingOnCreate] });
  }
  const opts = { siteUrl: siteOrigin(event) };
  if (body.repeat) {
    const sessions = await createSessionSeries(actor.profile, { ...body, repeat: body.repeat }, opts);
    const [first] = sessions;
    return {
      status: 201,
      body: {
        session: await toAdminSessionView(first),
        series: { id: first.seriesId, sessions: sessions.map((s) => ({ id: s.id, scheduledAt: s.scheduledAt })) },
      },
    };
  }
  const session = await createSession(actor.profile, body, opts);
  return { status: 201, body: { session: await toAdminSessionView(session) } };
});
