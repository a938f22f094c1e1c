import { attendanceRequest, meetingPathParams } from '../../../shared/contracts/classes.js';
import { markAttendance } from '../../../shared/domain/class-attendance.js';
import { httpHandler } from '../../lib/http.js';

/**
 * PUT /api/classes/{classId}/meetings/{meetingId}/attendance (admin): an enrolled dog present or absent at
 * a meeting that has started, with a note for its owner; the first mark uses one of the seat's credits.
 */
export const handler = httpHandler(
  { params: meetingPathParams, body: attendanceRequest },
  async ({ params, body }) => ({
    body: { attendance: await markAttendance(params.classId, params.meetingId, body) },
  }),
);
