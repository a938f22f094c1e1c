import Alert from '@cloudscape-design/components/alert';
import Badge from '@cloudscape-design/components/badge';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Link from '@cloudscape-design/components/link';
import List from '@cloudscape-design/components/list';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { type ConversationSummary, MAX_POST_CONTENT, startConversationRequest } from '#shared/contracts/conversations';
import { MAX_SUBJECT, WRITE_TO_TRAINER } from '#shared/contracts/message-options';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import {
  useMyConversations,
  useMyConversationsLive,
  useMyConversationThread,
  usePostToMyConversation,
  useStartConversation,
} from '../api/my-conversations';
import { ReplyBox } from './message-reply';

export const NO_CONVERSATIONS = `No conversations yet. ${WRITE_TO_TRAINER} with a question, a change of plans or news of your dog.`;
const LOAD_ERROR = 'Failed to load your conversations';
/** `?write=1` (WRITE_TO_TRAINER_PATH) opens the new conversation: Book a session links here when nothing is open. */
const WRITE_PARAM = 'write';

/** One of the client's conversations: its thread, marked read once shown, and the client's post in it. */
function MyThread({ conversation, onClose }: { conversation: ConversationSummary; onClose: () => void }) {
  const thread = useMyConversationThread(conversation.threadId);
  const post = usePostToMyConversation(conversation.threadId);
  return (
    <Container
      header={
        <Header variant="h3" description="With your trainer" actions={<Button onClick={onClose}>Close</Button>}>
          {conversation.subject}
        </Header>
      }
    >
      {thread.isError ? (
        <Alert type="error" header="Failed to load the conversation">
          {thread.error.message}
        </Alert>
      ) : thread.data ? (
        <ReplyBox sender={post} thread={thread.data} viewer="client" />
      ) : (
        <Spinner size="large" />
      )}
    </Container>
  );
}

/** A new conversation: subject and message, both required (the server's rules, shown beside each field). */
function NewConversation({
  onStarted,
  onCancel,
}: {
  onStarted: (c: ConversationSummary) => void;
  onCancel: () => void;
}) {
  const start = useStartConversation();
  const [subject, setSubject] = useState('');
  const [content, setContent] = useState('');
  const [errors, setErrors] = useState<{ subject?: string; content?: string; form?: string }>({});
  const send = () => {
    // The server's own rules first: nothing is sent while one fails.
    const checked = startConversationRequest.safeParse({ subject, content });
    if (!checked.success) {
      const about = (field: string) => checked.error.issues.find((i) => i.path[0] === field)?.message;
      setErrors({ subject: about('subject'), content: about('content') });
      return;
    }
    setErrors({});
    start.mutate(checked.data, {
      onSuccess: ({ entries: _entries, ...summary }) => onStarted(summary),
      onError: (e) =>
        setErrors(
          e instanceof ApiError && e.fields
            ? { subject: e.fields.subject?.[0], content: e.fields.content?.[0], form: e.message }
            : { form: e.message },
        ),
    });
  };
  return (
    <Container header={<Header variant="h3">{WRITE_TO_TRAINER}</Header>}>
      <form
        aria-label={WRITE_TO_TRAINER}
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <SpaceBetween size="m">
          {errors.form && <Alert type="error">{errors.form}</Alert>}
          <FormField label="Subject" errorText={errors.subject}>
            <Input value={subject} onChange={({ detail }) => setSubject(detail.value.slice(0, MAX_SUBJECT))} />
          </FormField>
          <FormField
            label="Message"
            description={`Markdown is supported. At most ${MAX_POST_CONTENT.toLocaleString('en-US')} characters.`}
            errorText={errors.content}
          >
            <Textarea
              value={content}
              rows={5}
              onChange={({ detail }) => setContent(detail.value.slice(0, MAX_POST_CONTENT))}
            />
          </FormField>
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="primary" loading={start.isPending} formAction="submit">
              Send
            </Button>
            <Button variant="link" formAction="none" onClick={onCancel} disabled={start.isPending}>
              Cancel
            </Button>
          </SpaceBetween>
        </SpaceBetween>
      </form>
    </Container>
  );
}

function row(c: ConversationSummary, open: (c: ConversationSummary) => void) {
  return {
    id: c.threadId,
    content: (
      <Link
        href={`/messages?conversation=${encodeURIComponent(c.threadId)}`}
        onFollow={(e) => {
          e.preventDefault();
          open(c);
        }}
      >
        {c.unread > 0 ? <strong>{c.subject}</strong> : c.subject}
      </Link>
    ),
    secondaryContent: (
      <Box color="text-body-secondary" fontSize="body-s">
        {c.lastFrom === 'client' ? 'You' : 'Your trainer'}: {c.lastPreview} · {formatDateTime(c.lastMessageAt)}
      </Box>
    ),
    actions: c.unread > 0 ? <Badge color="blue">{c.unread} new</Badge> : undefined,
  };
}

/**
 * /messages (client): the client's conversations with the trainer, the latest first, each opening its
 * thread with the client's post in it; "Write to your trainer" starts a new one (issue 37).
 */
export function MyConversations() {
  useMyConversationsLive();
  const list = useMyConversations();
  const [params, setParams] = useSearchParams();
  const [open, setOpen] = useState<ConversationSummary>();
  const writing = params.get(WRITE_PARAM) === '1';
  const setWriting = (on: boolean) =>
    setParams(
      (p) => {
        if (on) p.set(WRITE_PARAM, '1');
        else p.delete(WRITE_PARAM);
        return p;
      },
      { replace: true },
    );
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Container
      header={
        <Header
          variant="h2"
          description="Questions, a change of plans, news of your dog: your trainer answers here."
          actions={
            !writing && (
              <Button
                onClick={() => {
                  setOpen(undefined);
                  setWriting(true);
                }}
              >
                {WRITE_TO_TRAINER}
              </Button>
            )
          }
        >
          Conversations
        </Header>
      }
    >
      <SpaceBetween size="m">
        {writing && (
          <NewConversation
            onCancel={() => setWriting(false)}
            onStarted={(c) => {
              setWriting(false);
              setOpen(c);
            }}
          />
        )}
        {open && <MyThread key={open.threadId} conversation={open} onClose={() => setOpen(undefined)} />}
        {list.isPending ? (
          <StatusIndicator type="loading">Loading conversations</StatusIndicator>
        ) : list.isError && !list.data ? (
          <Alert type="error" header={LOAD_ERROR} action={<Button onClick={() => void list.refetch()}>Retry</Button>}>
            {list.error.message}
          </Alert>
        ) : items.length === 0 ? (
          <Box color="text-body-secondary">{NO_CONVERSATIONS}</Box>
        ) : (
          <SpaceBetween size="s">
            <List ariaLabel="Conversations" items={items} renderItem={(c) => row(c, setOpen)} />
            {list.hasNextPage && (
              <Button loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                Load more
              </Button>
            )}
          </SpaceBetween>
        )}
      </SpaceBetween>
    </Container>
  );
}
