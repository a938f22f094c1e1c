import { classPathParams } from '../../../shared/contracts/classes.js';
import { deleteClass } from '../../../shared/domain/enrolments.js';
import { httpHandler } from '../../lib/http.js';

/** DELETE /api/classes/{classId} (admin): the class goes; its enrolled clients get their credits back. */
export const handler = httpHandler({ params: classPathParams }, async ({ params }) => {
  await deleteClass(params.classId);
  return { status: 204 };
});
