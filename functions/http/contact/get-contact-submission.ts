import { type ContactSubmissionDetailResponse, contactSubmissionParams } from '../../../shared/contracts/contact.js';
import { getContactSubmissionWithProfile } from '../../../shared/domain/contact-submissions.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/contact-submissions/{id} (admin): the submission and its linked client profile, if any. */
export const handler = httpHandler({ params: contactSubmissionParams }, async ({ params }) => {
  const { submission, assignedProfile: p } = await getContactSubmissionWithProfile(params.id);
  const body: ContactSubmissionDetailResponse = {
    submission,
    assignedProfile: p
      ? { id: p.id, firstName: p.firstName, lastName: p.lastName, email: p.email, isActive: p.isActive }
      : null,
  };
  return { body };
});
