import { sendEmail } from '../../shared/adapters/email.js';
import { BUSINESS } from '../../shared/content/builtin.js';
import type { InvitationCreatedDetail } from '../../shared/contracts/clients.js';
import type { PublicBusinessInfo } from '../../shared/contracts/settings-options.js';
import { businessContact } from '../../shared/domain/settings.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/**
 * The e-mail an invited client receives: the signup link, valid for 7 days, signed with the business's
 * name and contact details as saved in the settings.
 */
export function invitationEmail(
  d: InvitationCreatedDetail,
  business: PublicBusinessInfo = { name: BUSINESS.name, phone: BUSINESS.phone, email: BUSINESS.defaultEmail },
) {
  const text = [
    `Hi ${d.firstName},`,
    '',
    `Your trainer has invited you to the ${business.name} client portal, where you will find`,
    'your dogs, messages from your trainer and your training sessions.',
    '',
    'Create your account with this link (valid for 7 days, single use):',
    d.link,
    '',
    `Questions? Reply to this e-mail or call us at ${business.phone}.`,
    '',
    'See you soon!',
    business.name,
  ].join('\n');
  return { subject: `Your invitation to the ${business.name} client portal`, text };
}

export const handler = eventHandler<InvitationCreatedDetail>('events/email-invitation', async (event) => {
  const business = await businessContact();
  const { subject, text } = invitationEmail(event.detail, business);
  await sendEmail({ to: [event.detail.email], subject, text, replyTo: business.email });
  logger.info('Invitation e-mail sent');
});
