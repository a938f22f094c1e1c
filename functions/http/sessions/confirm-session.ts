import { emptySessionAction, sessionPathParams } from '../../../shared/contracts/sessions.js';
import { confirmSession } from '../../../shared/domain/session-writes.js';
import { toClientSessionViews } from '../../../shared/domain/sessions.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** POST /api/me/sessions/{id}/confirm (client): one of the caller's own future scheduled sessions becomes confirmed. */
export const handler = clientHttpHandler(
  { params: sessionPathParams, body: emptySessionAction },
  async ({ actor, params }) => {
    if (!actor) throw new Error('unreachable: client route without actor');
    return { body: { session: (await toClientSessionViews([await confirmSession(actor.profile.id, params.id)]))[0] } };
  },
);
