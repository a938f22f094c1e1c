import { classPathParams, classRequest } from '../../../shared/contracts/classes.js';
import { offerNewSeats } from '../../../shared/domain/class-offers.js';
import { getClass, toClassView, updateClass } from '../../../shared/domain/classes.js';
import { httpHandler, siteOrigin } from '../../lib/http.js';

/**
 * PUT /api/classes/{classId} (admin): the whole class; a published class keeps its meetings. Seats a
 * raised capacity adds go to the waitlist first, as offers (docs/decisions/0071-class-waitlist-offers.md).
 */
export const handler = httpHandler({ params: classPathParams, body: classRequest }, async ({ params, body, event }) => {
  const updated = await updateClass(params.classId, body);
  const offered = await offerNewSeats(updated.id, { siteUrl: siteOrigin(event) });
  return { body: { class: toClassView(offered ? await getClass(updated.id) : updated) } };
});
