import Header from '@cloudscape-design/components/header';
import { usePaymentLedger } from '../api/ledger';
import { PaymentsTable } from './payments-table';

/** A client's payments on their profile (trainer view): newest first, live when one is paid. */
export function ClientPaymentsPanel({ clientId }: { clientId: string }) {
  const ledger = usePaymentLedger({ clientId }, 10);
  return <PaymentsTable ledger={ledger} header={<Header variant="h2">Payments</Header>} emptyText="No payments yet." />;
}
