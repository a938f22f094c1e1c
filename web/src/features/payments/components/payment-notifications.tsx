import { serviceLabel } from '#shared/contracts/payment-options';
import { formatDollars } from '#shared/domain/pricing';
import { useRealtimeMessages } from '../../../lib/realtime-context';
import { useToasts } from '../../../lib/toasts';
import { isPaymentPaidNotice, useLedgerLive } from '../api/ledger';

/**
 * The trainer, on whichever portal page is open, is told when a client pays (a toast), and the payments
 * list and totals are read again. Renders nothing.
 */
export function PaymentNotifications() {
  const { notify } = useToasts();
  useLedgerLive();
  useRealtimeMessages((message) => {
    if (!isPaymentPaidNotice(message)) return;
    const p = message.payment;
    const service = serviceLabel(p);
    notify({
      type: 'success',
      content: `Payment received: ${formatDollars(p.amountCents)} for ${service}${message.clientName ? ` from ${message.clientName}` : ''}`,
    });
  });
  return null;
}
