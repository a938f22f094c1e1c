import { sessionPathParams, sessionRequest } from '../../../shared/contracts/sessions.js';
import { updateSession } from '../../../shared/domain/session-writes.js';
import { toAdminSessionView } from '../../../shared/domain/sessions.js';
import { httpHandler, siteOrigin } from '../../lib/http.js';

/** PUT /api/sessions/{id} (admin): the session form's fields; the client gets the updated appointment. */
export const handler = httpHandler(
  { params: sessionPathParams, body: sessionRequest },
  async ({ actor, params, body, event }) => {
    if (!actor) throw new Error('unreachable: admin route without actor');
    const session = await updateSession(actor.profile, params.id, body, { siteUrl: siteOrigin(event) });
    return { body: { session: await toAdminSessionView(session) } };
  },
);
