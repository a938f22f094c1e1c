import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import { type AdminMessage, MESSAGE_PRIORITY_LABELS, MESSAGE_TYPE_LABELS } from '#shared/contracts/message-options';
import { Modal } from '../../../components/portal/modal';
import { formatDateTime } from '../../../lib/format';
import { Markdown } from '../../../lib/markdown';
import { useToasts } from '../../../lib/toasts';
import { useMessage } from '../api/sent';
import { exportMessagePdf, messagePdfLines } from '../message-pdf';
import './messages.css';
import { ReadStatus } from './read-status';

/** SPEC 8: the copy toast shows 3 s. */
const COPY_TOAST_MS = 3000;

/** The message as plain text (what Copy puts on the clipboard): subject, details, content without markup. */
export async function messagePlainText(m: AdminMessage): Promise<string> {
  const { title, meta, body } = await messagePdfLines(m);
  return [title, ...meta, '', ...body].join('\n');
}

/** Message Details: who, what and when, the content, and Copy / Export PDF / Close. */
export function MessageDetailModal({ message, onClose }: { message: AdminMessage; onClose: () => void }) {
  const { notify } = useToasts();
  const m = useMessage(message).data;
  const [exporting, setExporting] = useState(false);
  const scheduled = m.status === 'scheduled';

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(await messagePlainText(m));
      notify({ type: 'success', content: 'Message copied to clipboard!', durationMs: COPY_TOAST_MS });
    } catch {
      notify({ type: 'error', content: 'Failed to copy message to clipboard.' });
    }
  };

  const exportPdf = async () => {
    setExporting(true);
    try {
      await exportMessagePdf(m);
      notify({ type: 'success', content: 'Message exported as PDF.' });
    } catch {
      notify({ type: 'error', content: 'Failed to export the message as PDF.' });
    } finally {
      setExporting(false);
    }
  };

  return (
    <Modal
      visible
      header="Message Details"
      size="large"
      onDismiss={onClose}
      closeAriaLabel="Close dialog"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button iconName="copy" onClick={() => void copy()}>
              Copy
            </Button>
            <Button iconName="download" loading={exporting} onClick={() => void exportPdf()}>
              Export PDF
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
          columns={2}
          items={[
            { label: 'Subject', value: m.subject },
            { label: 'Recipient', value: `${m.recipientName} (${m.recipientEmail})` },
            { label: 'Sender', value: m.senderName },
            { label: 'Type', value: MESSAGE_TYPE_LABELS[m.messageType] ?? m.messageType },
            { label: 'Priority', value: MESSAGE_PRIORITY_LABELS[m.priority] ?? m.priority },
            scheduled
              ? { label: 'Scheduled for', value: formatDateTime(m.scheduledFor) }
              : { label: 'Sent', value: formatDateTime(m.sentAt) },
            ...(scheduled ? [] : [{ label: 'Read status', value: <ReadStatus message={m} /> }]),
          ]}
        />
        <section aria-label="Message content" className="message-content">
          <Markdown content={m.content} />
        </section>
      </SpaceBetween>
    </Modal>
  );
}
