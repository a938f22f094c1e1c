import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Table, { type TableProps } from '@cloudscape-design/components/table';
import { lazy, Suspense, useState } from 'react';
import type { ConversationSummary } from '#shared/contracts/conversations';
import { formatDateTime } from '../../../lib/format';
import {
  type ConversationFilter,
  useConversations,
  useConversationsLive,
  useConversationsUnreadCount,
} from '../api/conversations';

// Opened by choosing a conversation: the thread, its Markdown renderer and the reply box load then (ADR 0015).
const ConversationThreadPanel = lazy(() =>
  import('./conversation-thread').then((m) => ({ default: m.ConversationThreadPanel })),
);

const FILTER_OPTIONS: { id: ConversationFilter; text: string }[] = [
  { id: 'all', text: 'All' },
  { id: 'unread', text: 'Unread' },
];

function columns(open: (c: ConversationSummary) => void): TableProps.ColumnDefinition<ConversationSummary>[] {
  return [
    {
      id: 'client',
      header: 'Client',
      isRowHeader: true,
      minWidth: 140,
      cell: (c) => (
        <Button variant="inline-link" ariaLabel={`Open the conversation with ${c.clientName}`} onClick={() => open(c)}>
          {c.clientName}
        </Button>
      ),
    },
    { id: 'subject', header: 'Subject', minWidth: 160, cell: (c) => c.subject },
    {
      id: 'last',
      header: 'Last message',
      minWidth: 200,
      cell: (c) => `${c.lastFrom === 'trainer' ? 'You: ' : ''}${c.lastPreview}`,
    },
    { id: 'at', header: 'Last activity', minWidth: 150, cell: (c) => formatDateTime(c.lastMessageAt) },
    {
      id: 'unread',
      header: 'Unread',
      minWidth: 80,
      cell: (c) => (c.unread > 0 ? <Badge color="blue">{`${c.unread} unread`}</Badge> : '-'),
    },
  ];
}

/**
 * The trainer's conversations with clients (issue 37), newest first: each client's unread count, all or
 * only unread ones; choosing one opens the thread to read and answer.
 */
export function ClientConversations() {
  const [filter, setFilter] = useState<ConversationFilter>('all');
  const [open, setOpen] = useState<ConversationSummary>();
  useConversationsLive();
  const list = useConversations(filter);
  const unread = useConversationsUnreadCount().data;
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <SpaceBetween size="l">
      {list.isError && !list.data ? (
        <Alert
          type="error"
          header="Failed to load conversations"
          action={<Button onClick={() => void list.refetch()}>Retry</Button>}
        >
          {list.error.message}
        </Alert>
      ) : (
        <Table
          items={items}
          columnDefinitions={columns(setOpen)}
          trackBy="threadId"
          loading={list.isPending}
          loadingText="Loading conversations"
          variant="container"
          wrapLines
          ariaLabels={{ tableLabel: 'Client conversations' }}
          header={
            <Header
              variant="h2"
              description="Messages clients wrote to you, and your answers."
              counter={unread ? `(${unread} unread)` : undefined}
            >
              Client conversations
            </Header>
          }
          filter={
            <SegmentedControl
              label="Show conversations"
              selectedId={filter}
              options={FILTER_OPTIONS}
              onChange={({ detail }) => setFilter(detail.selectedId as ConversationFilter)}
            />
          }
          footer={
            list.hasNextPage ? (
              <Box textAlign="center">
                <Button loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                  Load more conversations
                </Button>
              </Box>
            ) : undefined
          }
          empty={
            <Box textAlign="center" color="inherit" padding="l">
              <b>{filter === 'unread' ? 'No unread conversations.' : 'No conversations yet.'}</b>
            </Box>
          }
        />
      )}
      {open && (
        <Suspense fallback={null}>
          <ConversationThreadPanel key={open.threadId} conversation={open} onClose={() => setOpen(undefined)} />
        </Suspense>
      )}
    </SpaceBetween>
  );
}
