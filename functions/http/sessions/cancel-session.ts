import { cancelSessionAction, sessionPathParams } from '../../../shared/contracts/sessions.js';
import { cancelSeriesFrom } from '../../../shared/domain/session-series.js';
import { cancelSession } from '../../../shared/domain/session-writes.js';
import { toAdminSessionView } from '../../../shared/domain/sessions.js';
import { httpHandler, siteOrigin } from '../../lib/http.js';

/**
 * POST /api/sessions/{id}/cancel (admin): a scheduled or confirmed session becomes cancelled; the client
 * is told. With `following: true`, so do the later open sessions of its series, with one message
 * (answered as `cancelled`, in order; `session` is the one asked for).
 */
export const handler = httpHandler(
  { params: sessionPathParams, body: cancelSessionAction },
  async ({ actor, params, body, event }) => {
    if (!actor) throw new Error('unreachable: admin route without actor');
    const opts = { siteUrl: siteOrigin(event) };
    if (body?.following) {
      const cancelled = await cancelSeriesFrom(actor.profile, params.id, opts);
      const views = await Promise.all(cancelled.map(toAdminSessionView));
      return { body: { session: views[0], cancelled: views } };
    }
    const session = await cancelSession(actor.profile, params.id, opts);
    return { body: { session: await toAdminSessionView(session) } };
  },
);
