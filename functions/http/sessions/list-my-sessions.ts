import { listMySessionsQuery } from '../../../shared/contracts/sessions.js';
import { listMySessions } from '../../../shared/domain/session-lists.js';
import { toClientSessionViews } from '../../../shared/domain/sessions.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/**
 * GET /api/me/sessions (client): the caller's own sessions, upcoming first (soonest first), then the
 * rest (latest first), filtered (all, upcoming, past, scheduled, confirmed, completed).
 */
export const handler = clientHttpHandler({ query: listMySessionsQuery }, async ({ actor, query, cursor }) => {
  if (!actor) throw new Error('unreachable: client route without actor');
  const page = await listMySessions(actor.profile.id, { ...query, cursor });
  return { body: { items: await toClientSessionViews(page.items), cursor: page.cursor } };
});
