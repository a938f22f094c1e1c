import { classPathParams } from '../../../shared/contracts/classes.js';
import { deleteClassAttendance } from '../../../shared/domain/class-attendance.js';
import { deleteClass } from '../../../shared/domain/enrolments.js';
import { httpHandler } from '../../lib/http.js';

/** DELETE /api/classes/{classId} (admin): the class goes with its attendance; its enrolled clients get the credits still held back. */
export const handler = httpHandler({ params: classPathParams }, async ({ params }) => {
  await deleteClass(params.classId);
  await deleteClassAttendance(params.classId);
  return { status: 204 };
});
