import { sessionPathParams, sessionRequest } from '../../../shared/contracts/sessions.js';
import { updateSeriesFrom } from '../../../shared/domain/session-series-edits.js';
import { updateSession } from '../../../shared/domain/session-writes.js';
import { toAdminSessionView } from '../../../shared/domain/sessions.js';
import { httpHandler, siteOrigin } from '../../lib/http.js';

/**
 * PUT /api/sessions/{id} (admin): the session form's fields; the client gets the updated appointment.
 * With `following: true`, the later open sessions of its series change with it, with one message
 * (answered as `updated`, in order; `session` is the one asked for).
 */
export const handler = httpHandler(
  { params: sessionPathParams, body: sessionRequest },
  async ({ actor, params, body, event }) => {
    if (!actor) throw new Error('unreachable: admin route without actor');
    const opts = { siteUrl: siteOrigin(event) };
    if (body.following) {
      const updated = await updateSeriesFrom(actor.profile, params.id, body, opts);
      const views = await Promise.all(updated.map(toAdminSessionView));
      return { body: { session: views[0], updated: views } };
    }
    const { following: _following, ...input } = body;
    const session = await updateSession(actor.profile, params.id, input, opts);
    return { body: { session: await toAdminSessionView(session) } };
  },
);
