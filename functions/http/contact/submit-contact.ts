import { contactRequestSchema } from '../../../shared/contracts/contact.js';
import { currentVisitSource } from '../../../shared/domain/analytics.js';
import { createContactSubmission } from '../../../shared/domain/contact-submissions.js';
import { tracksVisitor, viewerOf } from '../../lib/analytics-viewer.js';
import { httpHandler } from '../../lib/http.js';
import { logger } from '../../lib/logger.js';

/** POST /api/public/contact: the free-evaluation request (spec send-contact-email). */
export const handler = httpHandler({ body: contactRequestSchema }, async ({ body, event, sourceIp }) => {
  const { website, ...request } = body;
  if (website) {
    // Honeypot filled: a bot. Answer like a success so it learns nothing; store nothing.
    logger.warn('Contact honeypot triggered');
    return { status: 201, body: { success: true } };
  }
  // The ContactSubmitted event is written with the submission (transactional outbox).
  // The funnel's inquiries by source: the source of the sender's visit, unless they asked not to be tracked.
  const source = tracksVisitor(event.headers) ? await currentVisitSource(viewerOf(event.headers, sourceIp)) : undefined;
  const submission = await createContactSubmission(request, source ? { source } : {});
  return { status: 201, body: { success: true, id: submission.id } };
});
