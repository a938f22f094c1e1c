import { cancelMeetingRequest, meetingPathParams } from '../../../shared/contracts/classes.js';
import { cancelMeeting } from '../../../shared/domain/class-meeting-cancel.js';
import { toClassView } from '../../../shared/domain/classes.js';
import { httpHandler, siteOrigin } from '../../lib/http.js';

/** POST /api/classes/{classId}/meetings/{meetingId}/cancel (admin): one meeting cancelled; its seat holders told why. */
export const handler = httpHandler(
  { params: meetingPathParams, body: cancelMeetingRequest },
  async ({ params, body, event }) => ({
    body: {
      class: toClassView(
        await cancelMeeting(params.classId, params.meetingId, body.reason, { siteUrl: siteOrigin(event) }),
      ),
    },
  }),
);
