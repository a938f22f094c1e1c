import { classPathParams } from '../../../shared/contracts/classes.js';
import { publishClass, toClassView } from '../../../shared/domain/classes.js';
import { httpHandler } from '../../lib/http.js';

/** POST /api/classes/{classId}/publish (admin): a draft opens for enrolment. */
export const handler = httpHandler({ params: classPathParams }, async ({ params }) => ({
  body: { class: toClassView(await publishClass(params.classId)) },
}));
