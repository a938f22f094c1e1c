import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { type ConversationThread, MAX_POST_CONTENT, type ThreadEntry } from '#shared/contracts/conversations';
import { formatDateTime } from '../../../lib/format';
import { Markdown } from '../../../lib/markdown';
import { useReplyToMessage } from '../api/replies';

/**
 * One entry of a thread: who wrote it ("You" for the viewer's side), when, its Markdown, and, for the
 * viewer's own entries, whether the other side has read it.
 */
function Entry({ entry, viewer }: { entry: ThreadEntry; viewer: ThreadEntry['from'] }) {
  const own = entry.from === viewer;
  return (
    <li>
      <Box variant="small">
        {own ? 'You' : entry.authorName} · {formatDateTime(entry.sentAt)}
        {own && entry.readAt ? ' · Read' : ''}
      </Box>
      <Markdown content={entry.content} />
    </li>
  );
}

/** A thread's entries, oldest first, as the client or the trainer sees them. */
export function ThreadEntries({ entries, viewer }: { entries: ThreadEntry[]; viewer: ThreadEntry['from'] }) {
  return (
    <ol className="message-thread" aria-label="Conversation">
      {entries.map((e) => (
        <Entry key={e.id} entry={e} viewer={viewer} />
      ))}
    </ol>
  );
}

/** What sends a reply: a mutation taking the content and answering the thread. */
interface ReplySender {
  mutate: (content: string, callbacks: { onSuccess: () => void; onError: (error: Error) => void }) => void;
  isPending: boolean;
  data?: ConversationThread;
}

/**
 * A reply in a thread (Markdown, up to 5,000 characters), the thread it answers shown above it, oldest
 * first: the client's to a message they received, or the trainer's in a client's conversation.
 */
export function ReplyBox({
  sender,
  thread,
  viewer,
}: {
  sender: ReplySender;
  thread?: ConversationThread;
  viewer: ThreadEntry['from'];
}) {
  const [content, setContent] = useState('');
  const [error, setError] = useState<string>();
  const send = () => {
    if (!content.trim()) {
      setError('Message content is required');
      return;
    }
    setError(undefined);
    sender.mutate(content, { onSuccess: () => setContent(''), onError: (e) => setError(e.message) });
  };
  return (
    <SpaceBetween size="m">
      {thread && <ThreadEntries entries={thread.entries} viewer={viewer} />}
      {error && <Alert type="error">{error}</Alert>}
      <FormField
        label="Reply"
        description={`Markdown is supported. At most ${MAX_POST_CONTENT.toLocaleString('en-US')} characters.`}
        constraintText={`${content.length.toLocaleString('en-US')}/${MAX_POST_CONTENT.toLocaleString('en-US')}`}
      >
        <Textarea
          value={content}
          onChange={({ detail }) => setContent(detail.value.slice(0, MAX_POST_CONTENT))}
          rows={4}
          ariaLabel="Reply"
        />
      </FormField>
      <Button variant="primary" loading={sender.isPending} onClick={send}>
        Send reply
      </Button>
    </SpaceBetween>
  );
}

/** The client's reply to a message they received: sent into the message's thread, which is then shown. */
export function MessageReply({ messageId }: { messageId: string }) {
  const reply = useReplyToMessage(messageId);
  return <ReplyBox sender={reply} thread={reply.data} viewer="client" />;
}
