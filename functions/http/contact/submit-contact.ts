import { contactRequestSchema } from '../../../shared/contracts/contact.js';
import { createContactSubmission } from '../../../shared/domain/contact-submissions.js';
import { httpHandler } from '../../lib/http.js';
import { logger } from '../../lib/logger.js';

/** POST /api/public/contact: the free-evaluation request (spec send-contact-email). */
export const handler = httpHandler({ body: contactRequestSchema }, async ({ body }) => {
  const { website, ...request } = body;
  if (website) {
    // Honeypot filled: a bot. Answer like a success so it learns nothing; store nothing.
    logger.warn('Contact honeypot triggered');
    return { status: 201, body: { success: true } };
  }
  // The ContactSubmitted event is written with the submission (transactional outbox).
  const submission = await createContactSubmission(request);
  return { status: 201, body: { success: true, id: submission.id } };
});
