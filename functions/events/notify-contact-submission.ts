import { pushToConnections } from '../../shared/adapters/realtime.js';
import type { ContactSubmission, ContactSubmittedNotice } from '../../shared/contracts/contact.js';
import { listConnectionIdsByRole } from '../../shared/domain/connections.js';
import { pushToTrainer } from '../../shared/domain/push-notices.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/**
 * Tells every connected admin about a new contact submission, and the trainer's devices that have push
 * notifications on, once per submission (ADR 0055).
 */
export const handler = eventHandler<{ submission: ContactSubmission }>(
  'events/notify-contact-submission',
  async (event) => {
    const { submission } = event.detail;
    const pushed = await pushToTrainer(`contact:${submission.id}`, {
      title: 'New contact request',
      body: `${submission.firstName} ${submission.lastName}`.trim(),
      url: '/dashboard/contact-submissions',
    });
    logger.info('Contact push notices', { ...pushed });
    const ids = await listConnectionIdsByRole('admin');
    const notice: ContactSubmittedNotice = { type: 'contact_submission.created', submission };
    const delivered = await pushToConnections(ids, notice);
    logger.info('Contact notice pushed', { connections: ids.length, delivered });
  },
);
