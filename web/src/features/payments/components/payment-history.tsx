import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { type Payment, serviceLabel } from '#shared/contracts/payment-options';
import { formatDollars } from '#shared/domain/pricing';
import { PlainTable } from '../../../components/portal/plain-table';
import { useMyPayments } from '../api/payments';

const STATUS: Record<Payment['status'], { type: 'success' | 'in-progress' | 'stopped' | 'error'; label: string }> = {
  paid: { type: 'success', label: 'Paid' },
  pending: { type: 'in-progress', label: 'Processing' },
  expired: { type: 'stopped', label: 'Expired' },
  failed: { type: 'error', label: 'Failed' },
};

/** The client's payments, newest first, a page at a time. */
export function PaymentHistory() {
  const payments = useMyPayments();
  const items = payments.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <PlainTable
      header={<Header variant="h2">Payment history</Header>}
      label="Payment history"
      items={items}
      loading={payments.isPending}
      loadingText="Loading payments"
      columnDefinitions={[
        { id: 'date', header: 'Date', cell: (p) => new Date(p.createdAt).toLocaleDateString() },
        {
          id: 'service',
          header: 'Service',
          isRowHeader: true,
          cell: (p) => serviceLabel(p),
        },
        { id: 'amount', header: 'Amount', cell: (p) => formatDollars(p.amountCents) },
        {
          id: 'status',
          header: 'Status',
          cell: (p) => <StatusIndicator type={STATUS[p.status].type}>{STATUS[p.status].label}</StatusIndicator>,
        },
      ]}
      empty={
        <Box textAlign="center" color="inherit" padding="m">
          {payments.isError ? 'Payments could not be loaded.' : 'No payments yet.'}
        </Box>
      }
      footer={
        payments.hasNextPage ? (
          <Box textAlign="center">
            <Button onClick={() => void payments.fetchNextPage()} loading={payments.isFetchingNextPage}>
              Load older payments
            </Button>
          </Box>
        ) : undefined
      }
    />
  );
}
