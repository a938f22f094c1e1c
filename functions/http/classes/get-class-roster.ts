import { classPathParams, rosterQuery } from '../../../shared/contracts/classes.js';
import { meetingRoster } from '../../../shared/domain/class-attendance.js';
import { httpHandler } from '../../lib/http.js';

/**
 * GET /api/classes/{classId}/roster (admin): the enrolled dogs with their owners' contacts, and the
 * waitlist; for one meeting (`meetingId`, default today's or the next) each dog's vaccinations and mark.
 */
export const handler = httpHandler({ params: classPathParams, query: rosterQuery }, async ({ params, query }) => ({
  body: await meetingRoster(params.classId, query.meetingId),
}));
