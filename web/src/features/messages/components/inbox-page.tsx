import './inbox-page.css';
import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import Link from '@cloudscape-design/components/link';
import List from '@cloudscape-design/components/list';
import SegmentedControl from '@cloudscape-design/components/segmented-control';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { InboxFilter, InboxMessage } from '#shared/contracts/message-options';
import { RouterLink, useFollow } from '../../../components/portal/router-link';
import { Seo } from '../../../components/seo';
import { formatDateTime } from '../../../lib/format';
import { useToasts } from '../../../lib/toasts';
import { fetchMyMessage, useInbox, useMarkMessageRead, useProfileCompleted, useUnreadCount } from '../api/inbox';
import { typeLabel } from './message-labels';

/** The open message (a Modal, its details and the Markdown renderer) loads when a message is opened. */
// The client's conversations with the trainer: their own chunk, after the inbox (the screen keeps its budget).
const MyConversations = lazy(() => import('./my-conversations').then((m) => ({ default: m.MyConversations })));
const InboxMessageDetail = lazy(() =>
  import('./inbox-message-detail').then((m) => ({ default: m.InboxMessageDetail })),
);

const FILTER_OPTIONS: { id: InboxFilter; text: string }[] = [
  { id: 'all', text: 'All' },
  { id: 'unread', text: 'Unread' },
  { id: 'feedback', text: 'Feedback' },
  { id: 'homework', text: 'Homework' },
];

const EMPTY_TEXT: Record<InboxFilter, string> = {
  all: 'No messages yet.',
  unread: 'No unread messages.',
  feedback: 'No feedback messages.',
  homework: 'No homework messages.',
};

const LOAD_ERROR = 'Failed to load messages';

/** One row: the subject (bold while unread) opening the message, its type and sent time. */
function inboxRow(m: InboxMessage, open: (m: InboxMessage) => void) {
  return {
    id: m.id,
    content: (
      <Link
        href={`/messages?messageId=${encodeURIComponent(m.id)}`}
        onFollow={(e) => {
          e.preventDefault();
          open(m);
        }}
      >
        {m.readAt ? m.subject : <strong>{m.subject}</strong>}
      </Link>
    ),
    secondaryContent: (
      <Box color="text-body-secondary" fontSize="body-s">
        {typeLabel(m)} · {formatDateTime(m.sentAt)}
      </Box>
    ),
    actions: m.readAt ? undefined : <Badge color="blue">Unread</Badge>,
  };
}

/**
 * /messages (client): the messages from the trainer, newest first, by filter; opening one shows it
 * and writes its read receipt once. `?messageId=` opens that message, then leaves the URL.
 */
export function InboxPage() {
  const follow = useFollow();
  const queryClient = useQueryClient();
  const { notify } = useToasts();
  const [filter, setFilter] = useState<InboxFilter>('all');
  const [selected, setSelected] = useState<InboxMessage | undefined>(undefined);
  const list = useInbox(filter);
  const unread = useUnreadCount();
  const profileCompleted = useProfileCompleted();
  const { mutate: markRead } = useMarkMessageRead();
  const posted = useRef(new Set<string>());
  const [searchParams, setSearchParams] = useSearchParams();
  const messageId = searchParams.get('messageId');

  const open = useCallback(
    (m: InboxMessage) => {
      setSelected(m);
      if (m.readAt || posted.current.has(m.id)) return;
      posted.current.add(m.id);
      markRead(m.id, {
        onSuccess: ({ message }) => setSelected((s) => (s?.id === message.id ? message : s)),
        onError: () => posted.current.delete(m.id),
      });
    },
    [markRead],
  );

  // A link to one message (dashboard, e-mail, desktop notice): open it, then drop the id from the URL.
  useEffect(() => {
    if (!messageId) return;
    let current = true;
    fetchMyMessage(queryClient, messageId)
      .then(
        (m) => current && open(m),
        (e: Error) => current && notify({ type: 'error', content: e.message }),
      )
      .finally(() => {
        if (!current) return;
        setSearchParams(
          (p) => {
            p.delete('messageId');
            return p;
          },
          { replace: true },
        );
      });
    return () => {
      current = false;
    };
  }, [messageId, queryClient, open, notify, setSearchParams]);

  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const unreadCount = unread.data ?? 0;

  return (
    <ContentLayout
      header={
        <Header
          variant="h1"
          counter={unreadCount > 0 ? `(${unreadCount} unread)` : undefined}
          description="Feedback, homework and updates from your trainer."
          actions={
            <Button href="/dashboard" iconName="arrow-left" onFollow={follow}>
              Back to Dashboard
            </Button>
          }
        >
          Messages
        </Header>
      }
    >
      <Seo title="Messages | Pawsitive Portal" description="Your messages" robots="noindex, nofollow" />
      <SpaceBetween size="l">
        {profileCompleted.data === false && (
          <Alert type="info" header="Your profile is not complete">
            Finish your profile so your trainer has everything needed.{' '}
            <RouterLink href="/onboarding">Complete your profile</RouterLink>
          </Alert>
        )}
        <Container
          header={
            <Header
              variant="h2"
              actions={
                <SegmentedControl
                  label="Show messages"
                  selectedId={filter}
                  options={FILTER_OPTIONS}
                  onChange={({ detail }) => setFilter(detail.selectedId as InboxFilter)}
                />
              }
            >
              Inbox
            </Header>
          }
        >
          {list.isPending ? (
            <StatusIndicator type="loading">Loading messages</StatusIndicator>
          ) : list.isError && !list.data ? (
            <Alert type="error" header={LOAD_ERROR} action={<Button onClick={() => void list.refetch()}>Retry</Button>}>
              {list.error.message}
            </Alert>
          ) : items.length === 0 ? (
            <Box textAlign="center" color="text-body-secondary" padding="l">
              {EMPTY_TEXT[filter]}
            </Box>
          ) : (
            <SpaceBetween size="s">
              {/* A scrolling region: focusable so keyboards can scroll it (axe scrollable-region-focusable). */}
              {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be focusable so keyboards can scroll it (axe scrollable-region-focusable). */}
              <section className="inbox-list" aria-label="Message list" tabIndex={0}>
                <List ariaLabel="Messages" items={items} renderItem={(m) => inboxRow(m, open)} />
              </section>
              {list.isError && (
                <Alert type="error" header={LOAD_ERROR}>
                  {list.error.message}
                </Alert>
              )}
              {list.hasNextPage && (
                <Button loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                  Load more
                </Button>
              )}
            </SpaceBetween>
          )}
        </Container>
        <Suspense fallback={<StatusIndicator type="loading">Loading conversations</StatusIndicator>}>
          <MyConversations />
        </Suspense>
      </SpaceBetween>
      {selected && (
        <Suspense fallback={null}>
          <InboxMessageDetail message={selected} onClose={() => setSelected(undefined)} />
        </Suspense>
      )}
    </ContentLayout>
  );
}
