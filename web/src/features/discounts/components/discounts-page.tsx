import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextFilter from '@cloudscape-design/components/text-filter';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import {
  type DiscountCodeListItem,
  type DiscountDisplayStatus,
  DUPLICATE_DISCOUNT_CODE,
} from '#shared/contracts/payment-options';
import { discountDisplayStatus, formatDollars } from '#shared/domain/pricing';
import { filterItems, type PlainColumn, PlainTable } from '../../../components/portal/plain-table';
import { Seo } from '../../../components/seo';
import { ApiError } from '../../../lib/api';
import { useToasts } from '../../../lib/toasts';
import {
  type DiscountFields,
  useCreateDiscountCode,
  useDeleteDiscountCode,
  useDiscountCodes,
  useSetDiscountCodeStatus,
} from '../api/discounts';
import { DiscountForm } from './discount-form';

/** The delete confirmation (Modal) loads when it is first opened, not with the list. */
const DeleteDiscountDialog = lazy(() =>
  import('./delete-discount-dialog').then((m) => ({ default: m.DeleteDiscountDialog })),
);

const STATUS_COLOR: Record<DiscountDisplayStatus, 'green' | 'grey' | 'red' | 'blue'> = {
  Active: 'green',
  Inactive: 'grey',
  Expired: 'red',
  'Limit Reached': 'blue',
};

const discountText = (d: DiscountCodeListItem) =>
  d.discountType === 'percentage' ? `${d.discountValue}%` : formatDollars(Math.round(d.discountValue * 100));

/** Uses held by open checkouts: they count against the limit until paid, cancelled or expired. */
const heldText = (held: number) => `${held} held by ${held === 1 ? 'an open checkout' : 'open checkouts'}`;

const dateOf = (iso?: string) => (iso ? new Date(iso).toLocaleDateString() : '—');

/**
 * /dashboard/discounts (admin): create a code, and the list with status, paid uses (and those held by
 * checkouts still open), creator and actions.
 */
export function DiscountsPage() {
  const { notify } = useToasts();
  const codes = useDiscountCodes();
  const create = useCreateDiscountCode();
  const setStatus = useSetDiscountCodeStatus();
  const remove = useDeleteDiscountCode();
  const [deleting, setDeleting] = useState<DiscountCodeListItem | undefined>(undefined);
  const [toggling, setToggling] = useState<string | undefined>(undefined);

  useEffect(() => {
    if (codes.isError) notify({ type: 'error', content: 'Failed to load discount codes' });
  }, [codes.isError, notify]);

  const all = codes.data?.pages.flatMap((p) => p.items) ?? [];
  const [filterText, setFilterText] = useState('');
  const items = filterItems(all, filterText, ['code', 'creatorEmail']);
  let empty: ReactNode;
  if (all.length > 0)
    empty = (
      <Box textAlign="center" color="inherit" padding="l">
        <b>No discount codes match your search.</b>
      </Box>
    );
  else if (codes.isError)
    empty = (
      <Box textAlign="center" color="inherit" padding="l">
        <b>Discount codes could not be loaded.</b>
        <Box padding={{ top: 's' }}>
          <Button onClick={() => void codes.refetch()}>Retry</Button>
        </Box>
      </Box>
    );
  else
    empty = (
      <Box textAlign="center" color="inherit" padding="l">
        <b>No discount codes yet.</b>
      </Box>
    );

  const onCreate = (fields: DiscountFields) =>
    create
      .mutateAsync(fields)
      .then(() => {
        notify({ type: 'success', content: 'Discount code created successfully!' });
        return true;
      })
      .catch((e: unknown) => {
        const duplicate = e instanceof ApiError && e.status === 409;
        notify({ type: 'error', content: duplicate ? DUPLICATE_DISCOUNT_CODE : 'Failed to create discount code' });
        return false;
      });

  const onToggle = (d: DiscountCodeListItem) => {
    setToggling(d.id);
    setStatus.mutate(
      { id: d.id, isActive: !d.isActive },
      {
        onSuccess: (changed) =>
          notify({
            type: 'success',
            content: changed.isActive
              ? 'Discount code activated successfully'
              : 'Discount code deactivated successfully',
          }),
        onError: () => notify({ type: 'error', content: 'Failed to update discount code' }),
        onSettled: () => setToggling(undefined),
      },
    );
  };

  const onDelete = (d: DiscountCodeListItem) =>
    remove.mutate(d.id, {
      onSuccess: () => notify({ type: 'success', content: 'Discount code deleted successfully' }),
      onError: () => notify({ type: 'error', content: 'Failed to delete discount code' }),
      onSettled: () => setDeleting(undefined),
    });

  const columns: PlainColumn<DiscountCodeListItem>[] = [
    { id: 'code', header: 'Code', isRowHeader: true, sortingField: 'code', cell: (d) => <b>{d.code}</b> },
    { id: 'value', header: 'Discount', cell: discountText },
    {
      id: 'status',
      header: 'Status',
      cell: (d) => {
        const status = discountDisplayStatus(d);
        return <Badge color={STATUS_COLOR[status]}>{status}</Badge>;
      },
    },
    {
      id: 'used',
      header: 'Used',
      sortingField: 'timesUsed',
      cell: (d) => (
        <>
          <div>{d.usageLimit ? `${d.timesUsed} / ${d.usageLimit}` : `${d.timesUsed}`}</div>
          {d.heldUses > 0 && (
            <Box variant="small" color="text-status-info">
              {heldText(d.heldUses)}
            </Box>
          )}
        </>
      ),
    },
    { id: 'expires', header: 'Expires', cell: (d) => dateOf(d.expiresAt) },
    // Who made the code sits under its date, so every column fits 1280 px.
    {
      id: 'created',
      header: 'Created',
      sortingField: 'createdAt',
      cell: (d) => (
        <>
          {dateOf(d.createdAt)}
          <Box variant="small" color="text-body-secondary" display="block">
            <span className="cell-ellipsis" title={d.creatorEmail ?? undefined}>
              {d.creatorEmail ?? '—'}
            </span>
          </Box>
        </>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      cell: (d) => (
        <SpaceBetween direction="horizontal" size="xs">
          <Button
            variant="inline-link"
            loading={toggling === d.id}
            ariaLabel={`${d.isActive ? 'Deactivate' : 'Activate'} ${d.code}`}
            onClick={() => onToggle(d)}
          >
            {d.isActive ? 'Deactivate' : 'Activate'}
          </Button>
          <Button variant="inline-link" ariaLabel={`Delete ${d.code}`} onClick={() => setDeleting(d)}>
            Delete
          </Button>
        </SpaceBetween>
      ),
    },
  ];

  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Codes clients can apply at payment.">
          Discount Code Management
        </Header>
      }
    >
      <Seo title="Discount Codes | Pawsitive Portal" description="Discount codes" robots="noindex, nofollow" />
      <SpaceBetween size="l">
        <DiscountForm saving={create.isPending} onCreate={onCreate} />
        <PlainTable
          label="Discount codes"
          header={<Header counter={codes.data ? `(${all.length})` : undefined}>Discount Codes</Header>}
          columnDefinitions={columns}
          items={items}
          trackBy="id"
          loading={codes.isPending}
          loadingText="Loading discount codes"
          empty={empty}
          filter={
            <TextFilter
              filteringText={filterText}
              onChange={({ detail }) => setFilterText(detail.filteringText)}
              filteringPlaceholder="Search by code or creator"
              filteringAriaLabel="Search discount codes"
              countText={`${items.length} matches`}
            />
          }
          footer={
            codes.hasNextPage ? (
              <Box textAlign="center">
                <Button onClick={() => void codes.fetchNextPage()} loading={codes.isFetchingNextPage}>
                  Load more codes
                </Button>
              </Box>
            ) : undefined
          }
        />
      </SpaceBetween>
      {deleting && (
        <Suspense fallback={null}>
          <DeleteDiscountDialog
            discount={deleting}
            deleting={remove.isPending}
            onCancel={() => setDeleting(undefined)}
            onDelete={() => onDelete(deleting)}
          />
        </Suspense>
      )}
    </ContentLayout>
  );
}
