import { sendEmail } from '../../shared/adapters/email.js';
import { BUSINESS } from '../../shared/content/builtin.js';
import type { ReferralEmailFacts, ReferralSentDetail } from '../../shared/contracts/referrals.js';
import type { PublicBusinessInfo } from '../../shared/contracts/settings-options.js';
import { referralEmailFacts } from '../../shared/domain/referrals.js';
import { businessContact } from '../../shared/domain/settings.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/**
 * SPEC 7 send-referral-email: the friend a client referred receives the code and the link to the
 * payment page with it (10% off their first service), signed with the business's name.
 */
export function referralEmail(
  d: ReferralEmailFacts,
  business: PublicBusinessInfo = { name: BUSINESS.name, phone: BUSINESS.phone, email: BUSINESS.defaultEmail },
) {
  const text = [
    'Hi,',
    '',
    `${d.referrerName} (${d.referrerEmail}) thinks you and your dog would enjoy training with ${business.name}.`,
    '',
    `Use the referral code ${d.referralCode} to get 10% off your first service:`,
    d.link,
    '',
    `Questions? Reply to this e-mail or call us at ${business.phone}.`,
    '',
    business.name,
  ].join('\n');
  return { subject: `${d.referrerName} referred you to ${business.name}`, text };
}

/** A failure is only logged (SPEC 7): the referral stays recorded and is not sent twice. */
export const handler = eventHandler<ReferralSentDetail>('events/send-referral-email', async (event) => {
  try {
    const found = await referralEmailFacts(event.detail);
    if (!found) {
      logger.info('Referral gone before its e-mail was sent', { referralId: event.detail.referralId });
      return;
    }
    const business = await businessContact();
    const { subject, text } = referralEmail(found.facts, business);
    await sendEmail({ to: [found.to], subject, text, replyTo: business.email });
    logger.info('Referral e-mail sent', { referralId: event.detail.referralId });
  } catch (e) {
    logger.error('Referral e-mail failed', { referralId: event.detail.referralId, message: (e as Error).message });
  }
});
