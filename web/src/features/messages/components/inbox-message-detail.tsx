import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { createPortal } from 'react-dom';
import { type InboxMessage, MESSAGE_PRIORITY_LABELS } from '#shared/contracts/message-options';
import { Modal } from '../../../components/portal/modal';
import { formatDateTime } from '../../../lib/format';
import { loadMarkdown, Markdown } from '../../../lib/markdown';
import { typeLabel } from './message-labels';
import { MessageReply } from './message-reply';

/**
 * The printable view of a message: hidden on screen; while it exists the print stylesheet prints it
 * alone (inbox-page.css), so Print (or the browser's own print) gives the client a page or a PDF.
 */
function PrintableMessage({ message }: { message: InboxMessage }) {
  return createPortal(
    <div className="message-print">
      <h1>{message.subject}</h1>
      <p className="message-print__meta">
        {typeLabel(message)} · {MESSAGE_PRIORITY_LABELS[message.priority]} priority · Sent{' '}
        {formatDateTime(message.sentAt)}
      </p>
      <Markdown content={message.content} />
    </div>,
    document.body,
  );
}

/** One message of the inbox: subject, type, priority, sent time and its Markdown content, a reply; Print and Close. */
export function InboxMessageDetail({ message, onClose }: { message: InboxMessage; onClose: () => void }) {
  // The print copy shows the rendered content: print once the renderer is in and React has drawn it.
  const print = async () => {
    await loadMarkdown();
    setTimeout(() => window.print(), 0);
  };
  return (
    <>
      <Modal
        visible
        onDismiss={onClose}
        closeAriaLabel="Close message"
        header={message.subject}
        size="large"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button iconName="file" onClick={() => void print()}>
                Print
              </Button>
              <Button variant="primary" onClick={onClose}>
                Close
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        <SpaceBetween size="l">
          <KeyValuePairs
            columns={3}
            items={[
              { label: 'Type', value: typeLabel(message) },
              { label: 'Priority', value: MESSAGE_PRIORITY_LABELS[message.priority] ?? message.priority },
              { label: 'Sent', value: formatDateTime(message.sentAt) },
            ]}
          />
          <Markdown content={message.content} />
          <MessageReply messageId={message.id} />
        </SpaceBetween>
      </Modal>
      <PrintableMessage message={message} />
    </>
  );
}
