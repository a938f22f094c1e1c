import { meetingPathParams, moveMeetingRequest } from '../../../shared/contracts/classes.js';
import { moveMeeting } from '../../../shared/domain/class-meeting-move.js';
import { toClassView } from '../../../shared/domain/classes.js';
import { httpHandler, siteOrigin } from '../../lib/http.js';

/** POST /api/classes/{classId}/meetings/{meetingId}/move (admin): one meeting at a new time; its seat holders told. */
export const handler = httpHandler(
  { params: meetingPathParams, body: moveMeetingRequest },
  async ({ params, body, event }) => ({
    body: {
      class: toClassView(await moveMeeting(params.classId, params.meetingId, body, { siteUrl: siteOrigin(event) })),
    },
  }),
);
