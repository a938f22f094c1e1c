import { classPathParams, classRequest } from '../../../shared/contracts/classes.js';
import { toClassView, updateClass } from '../../../shared/domain/classes.js';
import { httpHandler } from '../../lib/http.js';

/** PUT /api/classes/{classId} (admin): the whole class; a published class keeps its meetings. */
export const handler = httpHandler({ params: classPathParams, body: classRequest }, async ({ params, body }) => ({
  body: { class: toClassView(await updateClass(params.classId, body)) },
}));
