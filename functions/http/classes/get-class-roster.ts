import { classPathParams } from '../../../shared/contracts/classes.js';
import { classRoster } from '../../../shared/domain/classes.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/classes/{classId}/roster (admin): the enrolled dogs with their owners' contacts, and the waitlist. */
export const handler = httpHandler({ params: classPathParams }, async ({ params }) => ({
  body: await classRoster(params.classId),
}));
