import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FormField from '@cloudscape-design/components/form-field';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { useState } from 'react';
import { MAX_POST_CONTENT, type ThreadEntry } from '../../../../../shared/contracts/conversations';
import { formatDateTime } from '../../../lib/format';
import { Markdown } from '../../../lib/markdown';
import { useReplyToMessage } from '../api/replies';

/** One entry of a thread: who wrote it, when, its Markdown, and whether the other side has read it. */
function Entry({ entry }: { entry: ThreadEntry }) {
  return (
    <li>
      <Box variant="small">
        {entry.from === 'client' ? 'You' : entry.authorName} · {formatDateTime(entry.sentAt)}
        {entry.from === 'client' && entry.readAt ? ' · Read' : ''}
      </Box>
      <Markdown content={entry.content} />
    </li>
  );
}

/**
 * The client's reply to a message they received (Markdown, up to 5,000 characters): sent into the
 * message's thread, after which the thread is shown, oldest first.
 */
export function MessageReply({ messageId }: { messageId: string }) {
  const [content, setContent] = useState('');
  const [error, setError] = useState<string>();
  const reply = useReplyToMessage(messageId);
  const thread = reply.data;
  const send = () => {
    if (!content.trim()) {
      setError('Message content is required');
      return;
    }
    setError(undefined);
    reply.mutate(content, { onSuccess: () => setContent(''), onError: (e) => setError((e as Error).message) });
  };
  return (
    <SpaceBetween size="m">
      {thread && (
        <ol className="message-thread" aria-label="Conversation">
          {thread.entries.map((e) => (
            <Entry key={e.id} entry={e} />
          ))}
        </ol>
      )}
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
      <Button variant="primary" loading={reply.isPending} onClick={send}>
        Send reply
      </Button>
    </SpaceBetween>
  );
}
