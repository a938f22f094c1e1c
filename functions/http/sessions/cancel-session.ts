import { emptySessionAction, sessionPathParams } from '../../../shared/contracts/sessions.js';
import { cancelSession } from '../../../shared/domain/session-writes.js';
import { toAdminSessionView } from '../../../shared/domain/sessions.js';
import { httpHandler, siteOrigin } from '../../lib/http.js';

/** POST /api/sessions/{id}/cancel (admin): a scheduled or confirmed session becomes cancelled; the client is told. */
export const handler = httpHandler(
  { params: sessionPathParams, body: emptySessionAction },
  async ({ actor, params, event }) => {
    if (!actor) throw new Error('unreachable: admin route without actor');
    const session = await cancelSession(actor.profile, params.id, { siteUrl: siteOrigin(event) });
    return { body: { session: await toAdminSessionView(session) } };
  },
);
