import Header from '@cloudscape-design/components/header';
import type { ClassPayment } from '#shared/contracts/class-options';
import { formatDollars } from '#shared/domain/pricing';
import { type PlainColumn, PlainTable } from '../../../components/portal/plain-table';
import { formatDate } from '../../../lib/format';

/** "Mia Class: $120.00 on Nov 29, 2026": one paid checkout in a sentence (the Delete dialog). */
export const classPaymentLine = (p: ClassPayment) =>
  `${p.clientName}: ${formatDollars(p.amountCents)}${p.paidAt ? ` on ${formatDate(p.paidAt)}` : ''}`;

const columns: PlainColumn<ClassPayment>[] = [
  { id: 'client', header: 'Client', cell: (p) => p.clientName, isRowHeader: true },
  { id: 'item', header: 'Paid for', cell: (p) => p.serviceName },
  { id: 'amount', header: 'Amount', cell: (p) => formatDollars(p.amountCents) },
  { id: 'paidAt', header: 'Paid on', cell: (p) => (p.paidAt ? formatDate(p.paidAt) : '—') },
];

/**
 * The class's paid checkouts (docs/decisions/0076-paying-for-a-class.md) on its roster: what a
 * cancelled seat or a deleted class may call for refunding at the payment provider.
 */
export function ClassPaymentsTable({ payments }: { payments: readonly ClassPayment[] }) {
  return (
    <PlainTable
      label="Payments for this class"
      header={
        <Header
          counter={`(${payments.length})`}
          description="Checkouts paid for a seat. A refund is made at your payment provider."
        >
          Payments
        </Header>
      }
      columnDefinitions={columns}
      items={payments}
      trackBy="id"
    />
  );
}
