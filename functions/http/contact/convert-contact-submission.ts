import {
  type ConvertContactSubmissionResponse,
  contactSubmissionParams,
  convertContactSubmissionRequest,
} from '../../../shared/contracts/contact.js';
import { convertContactSubmission } from '../../../shared/domain/contact-conversion.js';
import { httpHandler, siteOrigin } from '../../lib/http.js';

/** POST /api/contact-submissions/{id}/convert (admin): a client account from the submission. */
export const handler = httpHandler(
  { params: contactSubmissionParams, body: convertContactSubmissionRequest },
  async ({ params, actor, event }) => {
    const c = await convertContactSubmission(params.id, {
      createdBy: actor?.profile.id ?? 'admin',
      origin: siteOrigin(event),
    });
    const body: ConvertContactSubmissionResponse = {
      submission: c.submission,
      profileId: c.profile.id,
      email: c.email,
      temporaryPassword: c.temporaryPassword,
      invitationLink: c.invitationLink,
      loginUrl: c.loginUrl,
    };
    return { status: 201, body };
  },
);
