import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Pagination from '@cloudscape-design/components/pagination';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextFilter from '@cloudscape-design/components/text-filter';
import { lazy, Suspense, useEffect, useState } from 'react';
import {
  type AdminMessage,
  type AdminMessageFilter,
  MESSAGE_PRIORITY_LABELS,
  MESSAGE_TYPE_LABELS,
} from '#shared/contracts/message-options';
import { type PlainColumn, PlainTable } from '../../../components/portal/plain-table';
import { RouterLink, useFollow } from '../../../components/portal/router-link';
import { Seo } from '../../../components/seo';
import { formatDateTime } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useMessagesLive, useSentMessages } from '../api/sent';
import { ClientConversations } from './client-conversations';
import { ReadStatus } from './read-status';
import { ScheduledMessages } from './scheduled-messages';

// Opened by choosing a message: its dialog, content renderer and export load then (ADR 0015).
const MessageDetailModal = lazy(() =>
  import('./message-detail-modal').then((m) => ({ default: m.MessageDetailModal })),
);

const COMPOSE_PATH = '/dashboard/messages/compose';

const FILTER_OPTIONS: { id: AdminMessageFilter; text: string }[] = [
  { id: 'all', text: 'All' },
  { id: 'unread', text: 'Unread' },
  { id: 'read', text: 'Read' },
  { id: 'feedback', text: 'Feedback' },
  { id: 'homework', text: 'Homework' },
];

function columns(open: (m: AdminMessage) => void): PlainColumn<AdminMessage>[] {
  return [
    {
      id: 'subject',
      header: 'Subject',
      isRowHeader: true,
      sortingField: 'subject',
      cell: (m) => (
        <Button variant="inline-link" onClick={() => open(m)}>
          {m.subject}
        </Button>
      ),
    },
    {
      id: 'recipient',
      header: 'Recipient',
      sortingField: 'recipientName',
      cell: (m) => m.recipientName,
    },
    { id: 'type', header: 'Type', cell: (m) => MESSAGE_TYPE_LABELS[m.messageType] ?? m.messageType },
    {
      id: 'priority',
      header: 'Priority',
      cell: (m) => MESSAGE_PRIORITY_LABELS[m.priority] ?? m.priority,
    },
    { id: 'sent', header: 'Sent', sortingField: 'sentAt', cell: (m) => formatDateTime(m.sentAt) },
    { id: 'read', header: 'Read status', cell: (m) => <ReadStatus message={m} /> },
  ];
}

function EmptyState({ searching, filtered }: { searching: boolean; filtered: boolean }) {
  return (
    <Box textAlign="center" color="inherit" padding="l">
      <b>{searching || filtered ? 'No messages match your search or filter.' : 'No messages sent yet.'}</b>
      <Box variant="p" color="inherit">
        {searching || filtered ? 'Try other words or another filter.' : 'Messages you send to clients appear here.'}
      </Box>
      {!searching && !filtered && <RouterLink href={COMPOSE_PATH}>Compose a message</RouterLink>}
    </Box>
  );
}

/**
 * /dashboard/messages (admin): clients' conversations with their unread counts; sent messages with read
 * receipts, search, filters and details; scheduled ones.
 */
export function SentMessagesPage() {
  useMessagesLive();
  const follow = useFollow();
  const [filter, setFilter] = useState<AdminMessageFilter>('all');
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), 300);
  const [pageIndex, setPageIndex] = useState(1);
  const [open, setOpen] = useState<AdminMessage>();
  const list = useSentMessages(filter, search);

  // A new filter or search starts again at the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect runs because the filter or search changed; it reads neither.
  useEffect(() => setPageIndex(1), [filter, search]);

  const pages = list.data?.pages ?? [];
  const items = pages[pageIndex - 1]?.items ?? [];
  const loading = list.isPending || (list.isFetchingNextPage && pageIndex > pages.length);
  const loaded = pages.reduce((n, p) => n + p.items.length, 0);

  const goTo = async (index: number) => {
    setPageIndex(index);
    if (index > pages.length && list.hasNextPage) await list.fetchNextPage();
  };

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          description="Messages you sent to clients, with their read status."
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button href="/admin/templates" onFollow={follow}>
                Templates
              </Button>
              <Button variant="primary" iconName="add-plus" href={COMPOSE_PATH} onFollow={follow}>
                Compose Message
              </Button>
            </SpaceBetween>
          }
        >
          Messages
        </Header>
      }
    >
      <Seo title="Messages | Pawsitive Portal" description="Sent messages" robots="noindex, nofollow" />
      <SpaceBetween size="l">
        <ClientConversations />
        {list.isError && !list.data ? (
          <Alert
            type="error"
            header="Failed to load messages"
            action={<Button onClick={() => void list.refetch()}>Retry</Button>}
          >
            {list.error.message}
          </Alert>
        ) : (
          <PlainTable
            items={items}
            columnDefinitions={columns(setOpen)}
            trackBy="id"
            loading={loading}
            loadingText="Loading messages"
            label="Sent messages"
            header={
              <Header variant="h2" counter={list.isPending ? undefined : `(${loaded}${list.hasNextPage ? '+' : ''})`}>
                Sent messages
              </Header>
            }
            filter={
              <SpaceBetween direction="horizontal" size="s" alignItems="center">
                <TextFilter
                  filteringText={searchText}
                  filteringPlaceholder="Search subject, recipient or content"
                  filteringAriaLabel="Search messages"
                  filteringClearAriaLabel="Clear search"
                  onChange={({ detail }) => setSearchText(detail.filteringText)}
                  countText={search && !list.isPending ? `${loaded}${list.hasNextPage ? '+' : ''} matches` : undefined}
                />
                <SegmentedControl
                  label="Show messages"
                  selectedId={filter}
                  options={FILTER_OPTIONS}
                  onChange={({ detail }) => setFilter(detail.selectedId as AdminMessageFilter)}
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
            empty={<EmptyState searching={!!search} filtered={filter !== 'all'} />}
          />
        )}
        {list.isError && list.data && (
          <Alert type="error" header="Failed to load messages">
            {list.error.message}
          </Alert>
        )}
        <ScheduledMessages onOpen={setOpen} />
      </SpaceBetween>
      {open && (
        <Suspense fallback={null}>
          <MessageDetailModal message={open} onClose={() => setOpen(undefined)} />
        </Suspense>
      )}
    </ContentLayout>
  );
}
