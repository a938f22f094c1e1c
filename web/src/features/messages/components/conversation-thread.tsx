import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import Spinner from '@cloudscape-design/components/spinner';
import type { ConversationSummary } from '#shared/contracts/conversations';
import { useConversationThread, usePostToConversation } from '../api/conversations';
import { placeholdersHelp } from './markdown-editor';
import { ReplyBox } from './message-reply';
import { TemplatePicker } from './template-picker';

/**
 * A client's conversation as the trainer sees it: the thread oldest first with the client's read
 * receipts, marked read once shown, and the trainer's reply in the thread, written as in compose
 * (Markdown with a preview, a template's content inserted, placeholders filled by the server).
 */
export function ConversationThreadPanel({
  conversation,
  onClose,
}: {
  conversation: ConversationSummary;
  onClose: () => void;
}) {
  const thread = useConversationThread(conversation.threadId);
  const post = usePostToConversation(conversation.threadId);
  return (
    <Container
      header={
        <Header
          variant="h2"
          description={`Conversation with ${conversation.clientName}`}
          actions={<Button onClick={onClose}>Close</Button>}
        >
          {conversation.subject}
        </Header>
      }
    >
      {thread.isError ? (
        <Alert type="error" header="Failed to load the conversation">
          {thread.error.message}
        </Alert>
      ) : thread.data ? (
        <ReplyBox
          sender={post}
          thread={thread.data}
          viewer="trainer"
          description={`Markdown is supported. ${placeholdersHelp(`${conversation.clientName}'s`)}`}
          tools={(setContent) => (
            <TemplatePicker onInsert={(t) => setContent(t.content)} description="Fills in the reply's content." />
          )}
        />
      ) : (
        <Spinner size="large" />
      )}
    </Container>
  );
}
