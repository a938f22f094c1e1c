import { sessionRequest } from '../../../shared/contracts/sessions.js';
import { createSession } from '../../../shared/domain/session-writes.js';
import { toAdminSessionView } from '../../../shared/domain/sessions.js';
import { httpHandler, siteOrigin } from '../../lib/http.js';

/**
 * POST /api/sessions (admin): schedules a session; the client gets the appointment message and the
 * reminder is scheduled (the write's outbox event, shared/domain/session-follow-ups.ts).
 */
export const handler = httpHandler({ body: sessionRequest }, async ({ actor, body, event }) => {
  if (!actor) throw new Error('unreachable: admin route without actor');
  const session = await createSession(actor.profile, body, { siteUrl: siteOrigin(event) });
  return { status: 201, body: { session: await toAdminSessionView(session) } };
});
