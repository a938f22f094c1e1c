import { listClientsQuery } from '../../../shared/contracts/clients.js';
import { listClients } from '../../../shared/domain/clients.js';
import { toAdminView } from '../../../shared/domain/profiles.js';
import { httpHandler } from '../../lib/http.js';

/**
 * GET /api/clients?filter=active&search=&cursor=&limit= (admin): one page of clients ordered by first
 * name; `cursor` is null on the last page.
 */
export const handler = httpHandler({ query: listClientsQuery }, async ({ query, cursor }) => {
  const page = await listClients({
    filter: query.filter ?? 'active',
    search: query.search,
    cursor,
    limit: query.limit ?? 25,
  });
  return { body: { items: page.items.map(toAdminView), cursor: page.cursor } };
});
