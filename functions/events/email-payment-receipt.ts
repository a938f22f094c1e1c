import { sendEmail } from '../../shared/adapters/email.js';
import { type PaymentPaidDetail, serviceLabel } from '../../shared/contracts/payment-options.js';
import type { PublicBusinessInfo } from '../../shared/contracts/settings-options.js';
import { formatBusinessDateTime } from '../../shared/domain/business-time.js';
import { getStoredPayment, type Stored } from '../../shared/domain/payment-records.js';
import { formatDollars } from '../../shared/domain/pricing.js';
import { getProfileById } from '../../shared/domain/profiles.js';
import { businessContact } from '../../shared/domain/settings.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/**
 * The receipt a payer gets when a payment is paid: the service, the price, the discount (with its code),
 * the amount paid and the date, signed with the business's name and contact details. Sent whatever the
 * payer's notification settings: a receipt is part of the purchase, not a notice.
 */
export function receiptEmail(
  p: Pick<
    Stored,
    'id' | 'serviceType' | 'serviceName' | 'amountCents' | 'discountCents' | 'discountCode' | 'paidAt' | 'createdAt'
  > & {
    priceCents?: number;
  },
  firstName: string,
  business: PublicBusinessInfo,
) {
  const service = serviceLabel(p);
  const paid = formatBusinessDateTime(p.paidAt ?? p.createdAt);
  const price = p.priceCents ?? p.amountCents + p.discountCents;
  const text = [
    `Hi ${firstName},`,
    '',
    `Thank you for your payment to ${business.name}. This is your receipt.`,
    '',
    `Service: ${service}`,
    `Price: ${formatDollars(price)}`,
    p.discountCents > 0
      ? `Discount${p.discountCode ? ` (${p.discountCode})` : ''}: -${formatDollars(p.discountCents)}`
      : 'Discount: none',
    `Amount paid: ${formatDollars(p.amountCents)}`,
    `Date: ${paid.date}, ${paid.time}`,
    `Payment reference: ${p.id}`,
    '',
    `Questions? Reply to this e-mail or call us at ${business.phone}.`,
    '',
    business.name,
  ].join('\n');
  return { subject: `Your receipt from ${business.name}: ${service}`, text };
}

export const handler = eventHandler<PaymentPaidDetail>('events/email-payment-receipt', async (event) => {
  const { paymentId, profileId } = event.detail;
  const [payment, payer] = await Promise.all([getStoredPayment(paymentId), getProfileById(profileId)]);
  if (payment?.status !== 'paid' || payment.profileId !== profileId || !payer) {
    logger.info('Receipt not e-mailed: the payment or its payer is gone');
    return;
  }
  const business = await businessContact();
  const { subject, text } = receiptEmail(payment, payer.firstName, business);
  await sendEmail({ to: [payer.email], subject, text, replyTo: business.email });
  logger.info('Payment receipt e-mailed');
});
