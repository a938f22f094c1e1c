import { pushToConnections } from '../../shared/adapters/realtime.js';
import type { PaymentPaidDetail, PaymentPaidNotice } from '../../shared/contracts/payment-options.js';
import { listConnectionIdsByProfile, listConnectionIdsByRole } from '../../shared/domain/connections.js';
import { fullName } from '../../shared/domain/names.js';
import { getStoredPayment, toPayment } from '../../shared/domain/payment-records.js';
import { getProfileById } from '../../shared/domain/profiles.js';
import { eventHandler } from '../lib/event.js';

/**
 * Tells every connected admin (the payments list refreshes, a toast says who paid what) and the payer's
 * own tabs (the return page turns paid), and nobody else, that a payment was paid.
 */
export const handler = eventHandler<PaymentPaidDetail>('events/notify-payment-paid', async (event) => {
  const { paymentId, profileId } = event.detail;
  const [admins, payer] = await Promise.all([listConnectionIdsByRole('admin'), listConnectionIdsByProfile(profileId)]);
  const ids = [...new Set([...admins, ...payer])];
  if (ids.length === 0) return;
  const [payment, payerProfile] = await Promise.all([getStoredPayment(paymentId), getProfileById(profileId)]);
  if (!payment || payment.profileId !== profileId) return;
  const notice: PaymentPaidNotice = {
    type: 'payment.paid',
    payment: toPayment(payment as unknown as Record<string, unknown>),
    ...(payerProfile ? { clientName: fullName(payerProfile) } : {}),
  };
  await pushToConnections(ids, notice);
});
