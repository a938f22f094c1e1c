import { clientPathParams, pageQuery } from '../../../shared/contracts/clients.js';
import { listClientDogs, toDogView } from '../../../shared/domain/dogs.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/clients/{id}/dogs (admin): one page of a client's dogs with training analytics. */
export const handler = httpHandler(
  { params: clientPathParams, query: pageQuery },
  async ({ params, query, cursor }) => {
    const page = await listClientDogs(params.id, { ...query, cursor });
    return { body: { items: await Promise.all(page.items.map(toDogView)), cursor: page.cursor } };
  },
);
