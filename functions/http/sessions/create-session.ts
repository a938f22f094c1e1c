import { sessionRequest } from '../../../shared/contracts/sessions.js';
import { createSession, toAdminSessionView } from '../../../shared/domain/sessions.js';
import { httpHandler, siteOrigin } from '../../lib/http.js';
import { logSessionFailures } from './log-failures.js';

/** POST /api/sessions (admin): schedules a session and sends the client the appointment message. */
export const handler = httpHandler({ body: sessionRequest }, async ({ actor, body, event }) => {
  if (!actor) throw new Error('unreachable: admin route without actor');
  const { session, failures } = await createSession(actor.profile, body, { siteUrl: siteOrigin(event) });
  logSessionFailures(session.id, failures);
  return { status: 201, body: { session: await toAdminSessionView(session) } };
});
