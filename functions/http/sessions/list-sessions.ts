import { listSessionsQuery } from '../../../shared/contracts/sessions.js';
import { listSessions } from '../../../shared/domain/session-lists.js';
import { toAdminSessionViews } from '../../../shared/domain/sessions.js';
import { httpHandler } from '../../lib/http.js';

/**
 * GET /api/sessions (admin): sessions in a start-time range soonest first (or newest first without a
 * range), with status filter and search by client or dog name; ended sessions are completed first.
 */
export const handler = httpHandler({ query: listSessionsQuery }, async ({ query, cursor }) => {
  const page = await listSessions({ ...query, cursor });
  return { body: { items: await toAdminSessionViews(page.items), cursor: page.cursor } };
});
