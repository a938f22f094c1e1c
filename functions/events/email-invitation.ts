import { sendEmail } from '../../shared/adapters/email.js';
import type { BusEvent } from '../../shared/adapters/events.js';
import type { InvitationCreatedDetail } from '../../shared/contracts/clients.js';
import { logger } from '../lib/logger.js';

/** The e-mail an invited client receives: the signup link, valid for 7 days. */
export function invitationEmail(d: InvitationCreatedDetail) {
  const text = [
    `Hi ${d.firstName},`,
    '',
    'Your trainer has invited you to the Pawsitive Dog Training client portal, where you will find',
    'your dogs, messages from your trainer and your training sessions.',
    '',
    'Create your account with this link (valid for 7 days, single use):',
    d.link,
    '',
    'See you soon!',
    'Pawsitive Dog Training',
  ].join('\n');
  return { subject: 'Your invitation to the Pawsitive client portal', text };
}

export const handler = async (event: BusEvent<InvitationCreatedDetail>) => {
  const { subject, text } = invitationEmail(event.detail);
  await sendEmail({ to: [event.detail.email], subject, text });
  logger.info('Invitation e-mail sent');
};
