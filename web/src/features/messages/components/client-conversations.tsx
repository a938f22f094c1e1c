import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import TextFilter from '@cloudscape-design/components/text-filter';
import { lazy, Suspense, useState } from 'react';
import type { ConversationSummary } from '#shared/contracts/conversations';
import { type PlainColumn, PlainTable } from '../../../components/portal/plain-table';
import { useFollow } from '../../../components/portal/router-link';
import { formatDateTime } from '../../../lib/format';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import {
  type ConversationFilter,
  useConversations,
  useConversationsLive,
  useConversationsUnreadCount,
} from '../api/conversations';
import type { ChosenClient } from './conversation-client-filter';

// Opened by choosing a conversation: the thread, its Markdown renderer and the reply box load then (ADR 0015).
const ConversationThreadPanel = lazy(() =>
  import('./conversation-thread').then((m) => ({ default: m.ConversationThreadPanel })),
);

// Asked for by the trainer: the client picker (Cloudscape's Select) stays out of the screen's first load.
const ConversationClientFilter = lazy(() =>
  import('./conversation-client-filter').then((m) => ({ default: m.ConversationClientFilter })),
);

const FILTER_OPTIONS: { id: ConversationFilter; text: string }[] = [
  { id: 'all', text: 'All' },
  { id: 'unread', text: 'Unread' },
];

function columns(open: (c: ConversationSummary) => void, oneClient: boolean): PlainColumn<ConversationSummary>[] {
  const all: PlainColumn<ConversationSummary>[] = [
    {
      id: 'client',
      header: 'Client',
      isRowHeader: true,
      cell: (c) => (
        <Button variant="inline-link" ariaLabel={`Open the conversation with ${c.clientName}`} onClick={() => open(c)}>
          {c.clientName}
        </Button>
      ),
    },
    {
      id: 'subject',
      header: 'Subject',
      isRowHeader: oneClient,
      cell: (c) =>
        oneClient ? (
          <Button variant="inline-link" ariaLabel={`Open the conversation ${c.subject}`} onClick={() => open(c)}>
            {c.subject}
          </Button>
        ) : (
          c.subject
        ),
    },
    {
      id: 'last',
      header: 'Last message',
      cell: (c) => `${c.lastFrom === 'trainer' ? 'You: ' : ''}${c.lastPreview}`,
    },
    { id: 'at', header: 'Last activity', cell: (c) => formatDateTime(c.lastMessageAt) },
    {
      id: 'unread',
      header: 'Unread',
      cell: (c) => (c.unread > 0 ? <Badge color="blue">{`${c.unread} unread`}</Badge> : '-'),
    },
  ];
  // One client's list (their profile) names them once, in its header.
  return oneClient ? all.filter((c) => c.id !== 'client') : all;
}

/** Each conversation once: a search may find one again on a later page (through another word of its prefix). */
function uniqueThreads(items: readonly ConversationSummary[]): ConversationSummary[] {
  const seen = new Set<string>();
  return items.filter((c) => !seen.has(c.threadId) && !!seen.add(c.threadId));
}

function EmptyState({ text }: { text: string }) {
  return (
    <Box textAlign="center" color="inherit" padding="l">
      <b>{text}</b>
    </Box>
  );
}

/**
 * "Filter by client": a button until the trainer asks for it, then the picker (focused) and, once a client
 * is chosen, a button back to every client's conversations.
 */
function ClientFilterControl({ value, onChange }: { value?: ChosenClient; onChange: (c?: ChosenClient) => void }) {
  const [picking, setPicking] = useState(false);
  if (!picking)
    return (
      <Button iconName="filter" onClick={() => setPicking(true)}>
        Filter by client
      </Button>
    );
  return (
    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
      <Suspense fallback={<Button loading>Filter by client</Button>}>
        <ConversationClientFilter value={value} onChange={onChange} />
      </Suspense>
      {value && (
        <Button
          variant="icon"
          iconName="close"
          ariaLabel="Show every client's conversations"
          onClick={() => onChange()}
        />
      )}
    </SpaceBetween>
  );
}

/**
 * The trainer's conversations with clients (issue 37), newest first: each client's unread count, all or
 * only unread ones, everyone's or one client's (the filter by client), those with a post holding the
 * searched words (the server's search across conversations, debounced); choosing one opens the thread to
 * read and answer. Given `client` (their profile's tab), only that client's, without the picker, and
 * `newMessageHref` (compose with the client chosen) for a new message to them.
 */
export function ClientConversations({
  client,
  newMessageHref,
}: {
  client?: ChosenClient;
  newMessageHref?: string;
} = {}) {
  const follow = useFollow();
  const [filter, setFilter] = useState<ConversationFilter>('all');
  const [chosen, setChosen] = useState<ChosenClient>();
  const [open, setOpen] = useState<ConversationSummary>();
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), 300);
  const oneClient = client ?? chosen;
  useConversationsLive();
  const list = useConversations(filter, oneClient?.id, search);
  const unread = useConversationsUnreadCount({ enabled: !client }).data;
  const items = uniqueThreads(list.data?.pages.flatMap((p) => p.items) ?? []);
  const empty = filter === 'unread' ? 'No unread conversations' : 'No conversations yet';
  const more = list.hasNextPage ? '+' : '';
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
        <PlainTable
          items={items}
          columnDefinitions={columns(setOpen, !!client)}
          trackBy="threadId"
          loading={list.isPending}
          loadingText="Loading conversations"
          label={client ? `Conversations with ${client.name}` : 'Client conversations'}
          header={
            client ? (
              <Header
                variant="h2"
                description={`Messages ${client.name} wrote to you, and your answers.`}
                actions={
                  newMessageHref && (
                    <Button href={newMessageHref} onFollow={follow} iconName="send">
                      New message
                    </Button>
                  )
                }
              >
                Conversations
              </Header>
            ) : (
              <Header
                variant="h2"
                description="Messages clients wrote to you, and your answers."
                counter={unread ? `(${unread} unread)` : undefined}
              >
                Client conversations
              </Header>
            )
          }
          filter={
            <SpaceBetween direction="horizontal" size="s" alignItems="center">
              <TextFilter
                filteringText={searchText}
                filteringPlaceholder="Search messages, subject or client"
                filteringAriaLabel="Search conversations"
                filteringClearAriaLabel="Clear search"
                onChange={({ detail }) => setSearchText(detail.filteringText)}
                countText={search && !list.isPending ? `${items.length}${more} matches` : undefined}
              />
              <SegmentedControl
                label="Show conversations"
                selectedId={filter}
                options={FILTER_OPTIONS}
                onChange={({ detail }) => setFilter(detail.selectedId as ConversationFilter)}
              />
              {!client && <ClientFilterControl value={chosen} onChange={setChosen} />}
            </SpaceBetween>
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
            search ? (
              <EmptyState text="No conversations match your search." />
            ) : (
              <EmptyState text={oneClient && !client ? `${empty} with ${oneClient.name}.` : `${empty}.`} />
            )
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
