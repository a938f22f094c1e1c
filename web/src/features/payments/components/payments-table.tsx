import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import type { ReactNode } from 'react';
import { type PaymentListItem, type PaymentStatus, serviceLabel } from '#shared/contracts/payment-options';
import { formatDollars } from '#shared/domain/pricing';
import { type PlainColumn, PlainTable } from '../../../components/portal/plain-table';
import { RouterLink } from '../../../components/portal/router-link';
import type { usePaymentLedger } from '../api/ledger';

export const STATUS_LABELS: Record<PaymentStatus, string> = {
  paid: 'Paid',
  pending: 'Processing',
  expired: 'Expired',
  failed: 'Failed',
};

const STATUS_TYPES: Record<PaymentStatus, 'success' | 'in-progress' | 'stopped' | 'error'> = {
  paid: 'success',
  pending: 'in-progress',
  expired: 'stopped',
  failed: 'error',
};

const dateOf = (iso?: string) => (iso ? new Date(iso).toLocaleDateString() : '—');

/** Payments as the trainer reads them, newest first, with Load more (the list and a client's panel). */
export function PaymentsTable({
  ledger,
  header,
  filter,
  emptyText,
  showClient,
}: {
  ledger: ReturnType<typeof usePaymentLedger>;
  header: ReactNode;
  filter?: ReactNode;
  emptyText: string;
  showClient?: boolean;
}) {
  const items = ledger.data?.pages.flatMap((p) => p.items) ?? [];
  const columns: PlainColumn<PaymentListItem>[] = [
    { id: 'date', header: 'Date', cell: (p) => dateOf(p.createdAt) },
    ...(showClient
      ? [
          {
            id: 'client',
            header: 'Client',
            cell: (p: PaymentListItem) =>
              p.clientName ? (
                <RouterLink href={`/dashboard/clients/${p.profileId}`}>{p.clientName}</RouterLink>
              ) : (
                'Deleted client'
              ),
          },
        ]
      : []),
    {
      id: 'service',
      header: 'Service',
      isRowHeader: true,
      cell: (p) => serviceLabel(p),
    },
    { id: 'amount', header: 'Amount', cell: (p) => formatDollars(p.amountCents) },
    {
      id: 'discount',
      header: 'Discount',
      cell: (p) =>
        p.discountCents ? `${formatDollars(p.discountCents)}${p.discountCode ? ` (${p.discountCode})` : ''}` : '—',
    },
    {
      id: 'status',
      header: 'Status',
      cell: (p) => <StatusIndicator type={STATUS_TYPES[p.status]}>{STATUS_LABELS[p.status]}</StatusIndicator>,
    },
    { id: 'paid', header: 'Paid on', cell: (p) => dateOf(p.paidAt) },
  ];
  return (
    <PlainTable
      label="Payments"
      header={header}
      filter={filter}
      items={items}
      trackBy="id"
      loading={ledger.isPending}
      loadingText="Loading payments"
      columnDefinitions={columns}
      empty={
        <Box textAlign="center" color="inherit" padding="m">
          {ledger.isError ? <LoadFailed onRetry={() => void ledger.refetch()} /> : <b>{emptyText}</b>}
        </Box>
      }
      footer={
        ledger.hasNextPage ? (
          <Box textAlign="center">
            <Button onClick={() => void ledger.fetchNextPage()} loading={ledger.isFetchingNextPage}>
              Load more payments
            </Button>
          </Box>
        ) : undefined
      }
    />
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <>
      <b>Payments could not be loaded.</b>
      <Box padding={{ top: 's' }}>
        <Button onClick={onRetry}>Retry</Button>
      </Box>
    </>
  );
}
