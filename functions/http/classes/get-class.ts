import { classPathParams } from '../../../shared/contracts/classes.js';
import { getClass, getPublishedClass, toClassView } from '../../../shared/domain/classes.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/** GET /api/classes/{classId} (signed-in): the trainer any class; a client a published one (a draft is not found). */
export const handler = clientHttpHandler({ params: classPathParams }, async ({ actor, params }) => {
  if (!actor) throw new Error('unreachable: signed-in route without actor');
  const c = actor.role === 'admin' ? await getClass(params.classId) : await getPublishedClass(params.classId);
  return { body: { class: toClassView(c) } };
});
