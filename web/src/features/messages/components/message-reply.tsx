import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { type ReactNode, useState } from 'react';
import {
  type ConversationThread,
  MAX_POST_CONTENT,
  POST_TOO_LONG_MESSAGE,
  type ThreadEntry,
} from '#shared/contracts/conversations';
import { formatDateTime } from '../../../lib/format';
import { Markdown } from '../../../lib/markdown';
import { useReplyToMessage } from '../api/replies';
import { MarkdownEditor } from './markdown-editor';

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
 * A reply in a thread (Markdown written or previewed in compose's editor, up to 5,000 characters), the
 * thread it answers shown above it, oldest first: the client's to a message they received, or the
 * trainer's in a client's conversation, whose `tools` (the template picker) can fill the content and
 * whose `description` tells of the placeholders.
 */
export function ReplyBox({
  sender,
  thread,
  viewer,
  description = 'Markdown is supported.',
  tools,
}: {
  sender: ReplySender;
  thread?: ConversationThread;
  viewer: ThreadEntry['from'];
  description?: string;
  tools?: (setContent: (content: string) => void) => ReactNode;
}) {
  const [content, setContent] = useState('');
  const [error, setError] = useState<string>();
  const send = () => {
    if (!content.trim()) {
      setError('Message content is required');
      return;
    }
    if (content.length > MAX_POST_CONTENT) {
      setError(POST_TOO_LONG_MESSAGE);
      return;
    }
    setError(undefined);
    sender.mutate(content, { onSuccess: () => setContent(''), onError: (e) => setError(e.message) });
  };
  return (
    <SpaceBetween size="m">
      {thread && <ThreadEntries entries={thread.entries} viewer={viewer} />}
      {error && <Alert type="error">{error}</Alert>}
      {tools?.(setContent)}
      <MarkdownEditor
        label="Reply"
        viewLabel="Reply view"
        previewLabel="Reply preview"
        description={description}
        value={content}
        onChange={setContent}
        maxLength={MAX_POST_CONTENT}
        rows={4}
      />
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
