import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import Pagination from '@cloudscape-design/components/pagination';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextFilter from '@cloudscape-design/components/text-filter';
import { useEffect, useState } from 'react';
import type { ClientFilter, ClientProfile } from '#shared/contracts/client-options';
import { type PlainColumn, PlainTable } from '../../../components/portal/plain-table';
import { RouterLink, useFollow } from '../../../components/portal/router-link';
import { Seo } from '../../../components/seo';
import { formatDate, fullName } from '../../../lib/format';
import { messageClientHref, scheduleForClientHref } from '../../../lib/portal-links';
import { useClientList } from '../../../lib/queries/clients';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { ClientStatus } from './client-status';

const FILTER_OPTIONS: { id: ClientFilter; text: string }[] = [
  { id: 'all', text: 'All' },
  { id: 'active', text: 'Active' },
  { id: 'completed', text: 'Completed' },
  { id: 'incomplete', text: 'Incomplete' },
  { id: 'deactivated', text: 'Deactivated' },
];

/** How many dog names a row shows before the count of the others. */
const DOG_NAMES_SHOWN = 2;

/** A client's dogs in one cell: "Rex, Bella", or "Rex, Bella +3" when there are more; "-" for none. */
export function dogsSummary(dogs: ClientProfile['dogNames']): string {
  if (!dogs?.length) return '-';
  const shown = dogs
    .slice(0, DOG_NAMES_SHOWN)
    .map((d) => d.name)
    .join(', ');
  return dogs.length > DOG_NAMES_SHOWN ? `${shown} +${dogs.length - DOG_NAMES_SHOWN}` : shown;
}

const COLUMNS: PlainColumn<ClientProfile>[] = [
  {
    id: 'name',
    header: 'Name',
    isRowHeader: true,
    sortingField: 'firstName',
    cell: (c) => <RouterLink href={`/dashboard/clients/${c.id}`}>{fullName(c)}</RouterLink>,
  },
  // The phone sits under the e-mail, so every column fits 1280 px.
  {
    id: 'email',
    header: 'Email',
    sortingField: 'email',
    cell: (c) => (
      <>
        <Link href={`mailto:${c.email}`}>
          <span className="cell-ellipsis" title={c.email}>
            {c.email}
          </span>
        </Link>
        <Box variant="small" color="text-body-secondary" display="block">
          <span className="nowrap">{c.phone ?? '-'}</span>
        </Box>
      </>
    ),
  },
  { id: 'dogs', header: 'Dogs', cell: (c) => dogsSummary(c.dogNames) },
  // The quick actions (issue 38) sit under the status, an active client's only: a column of their own would
  // not fit 1280 px.
  {
    id: 'status',
    header: 'Status',
    cell: (c) => (
      <>
        <ClientStatus client={c} />
        {c.isActive && (
          <Box fontSize="body-s" display="block">
            <RouterLink
              fontSize="body-s"
              href={scheduleForClientHref(c.id)}
              ariaLabel={`Schedule session for ${fullName(c)}`}
            >
              Schedule
            </RouterLink>
            {' · '}
            <RouterLink
              fontSize="body-s"
              href={messageClientHref(c.id, '/dashboard/clients')}
              ariaLabel={`Message ${fullName(c)}`}
            >
              Message
            </RouterLink>
          </Box>
        )}
      </>
    ),
  },
  { id: 'created', header: 'Added', sortingField: 'createdAt', cell: (c) => formatDate(c.createdAt) },
];

function EmptyState({ searching }: { searching: boolean }) {
  return (
    <Box textAlign="center" color="inherit" padding="l">
      <b>{searching ? 'No clients match your search.' : 'No clients found.'}</b>
      <Box variant="p" color="inherit">
        {searching ? 'Try another name, e-mail or phone number, or another filter.' : 'Clients you add appear here.'}
      </Box>
      {!searching && <RouterLink href="/dashboard/clients/create">Add a client</RouterLink>}
    </Box>
  );
}

/** /dashboard/clients (admin): search, filter and page through the client book. */
export function ClientsPage() {
  const follow = useFollow();
  const [filter, setFilter] = useState<ClientFilter>('active');
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), 300);
  const [pageIndex, setPageIndex] = useState(1);
  const list = useClientList(filter, search);

  // A new filter or search starts again at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs because the filter or search changed; it reads neither.
  useEffect(() => setPageIndex(1), [filter, search]);

  const pages = list.data?.pages ?? [];
  const pageItems = pages[pageIndex - 1]?.items ?? [];
  const items = pageItems;
  const loading = list.isPending || (list.isFetchingNextPage && pageIndex > pages.length);
  const loaded = pages.reduce((n, p) => n + p.items.length, 0);

  const goTo = async (index: number) => {
    if (index > pages.length && list.hasNextPage) {
      setPageIndex(index);
      await list.fetchNextPage();
      return;
    }
    setPageIndex(index);
  };

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Your clients: their profiles, dogs, sessions and notes."
          actions={
            <Button variant="primary" iconName="add-plus" href="/dashboard/clients/create" onFollow={follow}>
              Add Client
            </Button>
          }
        >
          Client Management
        </Header>
      }
    >
      <Seo title="Client Management | Pawsitive Portal" description="Client management" robots="noindex, nofollow" />
      {list.isError && !list.data ? (
        <Alert
          type="error"
          header="Error loading client profiles"
          action={<Button onClick={() => void list.refetch()}>Retry</Button>}
        >
          {list.error.message}
        </Alert>
      ) : (
        <PlainTable
          items={items}
          columnDefinitions={COLUMNS}
          trackBy="id"
          loading={loading}
          loadingText="Loading clients"
          label="Clients"
          header={
            <Header variant="h2" counter={list.isPending ? undefined : `(${loaded}${list.hasNextPage ? '+' : ''})`}>
              Clients
            </Header>
          }
          filter={
            <SpaceBetween direction="horizontal" size="s" alignItems="center">
              <TextFilter
                filteringText={searchText}
                filteringPlaceholder="Search by name, email or phone"
                filteringAriaLabel="Search clients"
                filteringClearAriaLabel="Clear search"
                onChange={({ detail }) => setSearchText(detail.filteringText)}
                countText={search && !list.isPending ? `${loaded}${list.hasNextPage ? '+' : ''} matches` : undefined}
              />
              <SegmentedControl
                label="Show clients"
                selectedId={filter}
                options={FILTER_OPTIONS}
                onChange={({ detail }) => setFilter(detail.selectedId as ClientFilter)}
              />
            </SpaceBetween>
          }
          pagination={
            <Pagination
              currentPageIndex={pageIndex}
              pagesCount={Math.max(pages.length, 1)}
              openEnd={!!list.hasNextPage}
              disabled={list.isPending}
              onChange={({ detail }) => void goTo(detail.currentPageIndex)}
              ariaLabels={{
                nextPageLabel: 'Next page',
                previousPageLabel: 'Previous page',
                pageLabel: (n) => `Page ${n}`,
              }}
            />
          }
          empty={<EmptyState searching={!!search} />}
        />
      )}
      {list.isError && list.data && (
        <Box margin={{ top: 's' }}>
          <Alert type="error" header="Error loading client profiles">
            {list.error.message}
          </Alert>
        </Box>
      )}
    </ContentLayout>
  );
}
