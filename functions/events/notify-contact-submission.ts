import { pushToConnections } from '../../shared/adapters/realtime.js';
import type { ContactSubmission, ContactSubmittedNotice } from '../../shared/contracts/contact.js';
import { listConnectionIdsByRole } from '../../shared/domain/connections.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/** Tells every connected admin about a new contact submission. */
export const handler = eventHandler<{ submission: ContactSubmission }>(
  'events/notify-contact-submission',
  async (event) => {
    const ids = await listConnectionIdsByRole('admin');
    const notice: ContactSubmittedNotice = { type: 'contact_submission.created', submission: event.detail.submission };
    const delivered = await pushToConnections(ids, notice);
    logger.info('Contact notice pushed', { connections: ids.length, delivered });
  },
);
