import { pushToConnections } from '../../shared/adapters/realtime.js';
import type { PaymentPaidDetail, PaymentPaidNotice } from '../../shared/contracts/payment-options.js';
import { enrolPaidClass } from '../../shared/domain/class-checkout.js';
import { listConnectionIdsByProfile, listConnectionIdsByRole } from '../../shared/domain/connections.js';
import { fullName } from '../../shared/domain/names.js';
import { getStoredPayment, toPayment } from '../../shared/domain/payment-records.js';
import { formatDollars } from '../../shared/domain/pricing.js';
import { getProfileById } from '../../shared/domain/profiles.js';
import { pushToPerson, pushToTrainer } from '../../shared/domain/push-notices.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/**
 * First, a class payment's credits take the seat it paid for (docs/decisions/0076-paying-for-a-class.md;
 * idempotent, so a retried delivery changes nothing), so the payer's tab that turns paid shows the seat.
 * Then tells every connected admin (the payments list refreshes, a toast says who paid what) and the payer's
 * own tabs (the return page turns paid), and nobody else, that a payment was paid; and pushes a notice,
 * once per payment, to the payer's devices (the receipt) and the trainer's (ADR 0055).
 */
export const handler = eventHandler<PaymentPaidDetail>('events/notify-payment-paid', async (event) => {
  const { paymentId, profileId } = event.detail;
  const seat = await enrolPaidClass(paymentId);
  if (seat !== 'not-a-class') logger.info(`Paid class enrolment: ${seat}`, { paymentId });
  const [admins, payer] = await Promise.all([listConnectionIdsByRole('admin'), listConnectionIdsByProfile(profileId)]);
  const ids = [...new Set([...admins, ...payer])];
  // Read once, and only when someone is told (a tab or a device).
  const load = async () => {
    const [payment, payerProfile] = await Promise.all([getStoredPayment(paymentId), getProfileById(profileId)]);
    return payment?.profileId === profileId ? { payment, payerProfile } : undefined;
  };
  let read: ReturnType<typeof load> | undefined;
  const loaded = () => {
    read ??= load();
    return read;
  };
  const eventKey = `payment:${paymentId}`;
  const [toPayer, toTrainer] = await Promise.all([
    pushToPerson(profileId, eventKey, async () => {
      const r = await loaded();
      if (!r) return undefined;
      const what = r.payment.serviceName ? ` for ${r.payment.serviceName}` : '';
      return {
        title: 'Payment received',
        body: `Thank you! Your payment of ${formatDollars(r.payment.amountCents)}${what} went through.`,
        url: `/payment/success?payment=${encodeURIComponent(paymentId)}`,
      };
    }),
    pushToTrainer(eventKey, async () => {
      const r = await loaded();
      if (!r) return undefined;
      const who = r.payerProfile ? fullName(r.payerProfile) : 'A client';
      const what = r.payment.serviceName ? ` for ${r.payment.serviceName}` : '';
      return {
        title: 'New payment',
        body: `${who} paid ${formatDollars(r.payment.amountCents)}${what}.`,
        url: '/dashboard/payments',
      };
    }),
  ]);
  logger.info('Payment push notices', { payer: toPayer, trainer: toTrainer });
  if (ids.length === 0) return;
  const r = await loaded();
  if (!r) return;
  const notice: PaymentPaidNotice = {
    type: 'payment.paid',
    payment: toPayment(r.payment as unknown as Record<string, unknown>),
    ...(r.payerProfile ? { clientName: fullName(r.payerProfile) } : {}),
  };
  await pushToConnections(ids, notice);
});
