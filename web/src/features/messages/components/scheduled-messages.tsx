import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { lazy, Suspense, useState } from 'react';
import { type AdminMessage, MESSAGE_TYPE_LABELS } from '#shared/contracts/message-options';
import { ConfirmModal } from '../../../components/portal/confirm-modal';
import { type PlainColumn, PlainTable } from '../../../components/portal/plain-table';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { useToasts } from '../../../lib/toasts';
import { useDeleteScheduledMessage, useScheduledMessages, useUpdateScheduledMessage } from '../api/sent';
import { checkSendTime, INCOMPLETE_SEND_TIME, sendTimeOf } from './send-time';

/** The date and time pickers load when a send time is edited, not with the list. */
const SendTimeFields = lazy(() => import('./send-time-fields').then((m) => ({ default: m.SendTimeFields })));

const failure = (e: unknown, fallback: string) =>
  e instanceof ApiError && e.status >= 400 && e.status < 500 && e.message ? e.message : fallback;

function EditSendTimeDialog({ message, onClose }: { message: AdminMessage; onClose: () => void }) {
  const { notify } = useToasts();
  const update = useUpdateScheduledMessage();
  const [value, setValue] = useState(() => sendTimeOf(message.scheduledFor));
  const [error, setError] = useState<string>();

  const save = async () => {
    const { iso, error: invalid } = checkSendTime(value);
    if (!iso) return setError(invalid ?? INCOMPLETE_SEND_TIME);
    try {
      await update.mutateAsync({ id: message.id, changes: { scheduledFor: iso } });
      notify({ type: 'success', content: `Send time updated: ${formatDateTime(iso)}` });
      onClose();
    } catch (e) {
      notify({ type: 'error', content: failure(e, 'Failed to update the send time. Please try again.') });
    }
  };

  return (
    <ConfirmModal
      header="Edit send time"
      confirmLabel="Save"
      busy={update.isPending}
      onCancel={onClose}
      onConfirm={() => void save()}
    >
      <SpaceBetween size="m">
        <Box variant="p">
          {message.subject} to {message.recipientName}
        </Box>
        <Suspense fallback={<StatusIndicator type="loading">Loading</StatusIndicator>}>
          <SendTimeFields
            value={value}
            onChange={(v) => {
              setValue(v);
              setError(undefined);
            }}
            error={error}
            disabled={update.isPending}
          />
        </Suspense>
      </SpaceBetween>
    </ConfirmModal>
  );
}

function DeleteDialog({ message, onClose }: { message: AdminMessage; onClose: () => void }) {
  const { notify } = useToasts();
  const remove = useDeleteScheduledMessage();
  const confirm = async () => {
    try {
      await remove.mutateAsync(message.id);
      notify({ type: 'success', content: 'Scheduled message deleted.' });
      onClose();
    } catch (e) {
      notify({ type: 'error', content: failure(e, 'Failed to delete the scheduled message. Please try again.') });
    }
  };
  return (
    <ConfirmModal
      header="Delete scheduled message"
      confirmLabel="Delete"
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    >
      <Box variant="p">
        Delete “{message.subject}” to {message.recipientName}, scheduled for {formatDateTime(message.scheduledFor)}? It
        will not be sent.
      </Box>
    </ConfirmModal>
  );
}

/** Scheduled messages, soonest first: open, edit the send time, or delete before they go out. */
export function ScheduledMessages({ onOpen }: { onOpen: (message: AdminMessage) => void }) {
  const list = useScheduledMessages();
  const [editing, setEditing] = useState<AdminMessage>();
  const [deleting, setDeleting] = useState<AdminMessage>();
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];

  const columns: PlainColumn<AdminMessage>[] = [
    {
      id: 'subject',
      header: 'Subject',
      isRowHeader: true,
      cell: (m) => (
        <Button variant="inline-link" onClick={() => onOpen(m)}>
          {m.subject}
        </Button>
      ),
    },
    { id: 'recipient', header: 'Recipient', cell: (m) => m.recipientName },
    { id: 'type', header: 'Type', cell: (m) => MESSAGE_TYPE_LABELS[m.messageType] ?? m.messageType },
    { id: 'sendAt', header: 'Send time', cell: (m) => formatDateTime(m.scheduledFor) },
    {
      id: 'actions',
      header: 'Actions',
      cell: (m) => (
        <SpaceBetween direction="horizontal" size="xs">
          <Button
            variant="inline-link"
            ariaLabel={`Edit send time of ${m.subject} to ${m.recipientName}`}
            onClick={() => setEditing(m)}
          >
            Edit send time
          </Button>
          <Button
            variant="inline-link"
            ariaLabel={`Delete ${m.subject} to ${m.recipientName}`}
            onClick={() => setDeleting(m)}
          >
            Delete
          </Button>
        </SpaceBetween>
      ),
    },
  ];

  if (list.isError && !list.data) {
    return (
      <Alert
        type="error"
        header="Scheduled messages"
        action={<Button onClick={() => void list.refetch()}>Retry</Button>}
      >
        Failed to load messages
      </Alert>
    );
  }
  return (
    <>
      <PlainTable
        items={items}
        columnDefinitions={columns}
        trackBy="id"
        loading={list.isPending}
        loadingText="Loading scheduled messages"
        label="Scheduled messages"
        header={
          <Header
            variant="h2"
            description="Messages waiting for their send time, soonest first."
            counter={list.isPending ? undefined : `(${items.length}${list.hasNextPage ? '+' : ''})`}
          >
            Scheduled messages
          </Header>
        }
        empty={
          <Box textAlign="center" color="inherit" padding="m">
            No scheduled messages.
          </Box>
        }
        footer={
          list.hasNextPage ? (
            <Box textAlign="center">
              <Button loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                Load more
              </Button>
            </Box>
          ) : undefined
        }
      />
      {editing && <EditSendTimeDialog message={editing} onClose={() => setEditing(undefined)} />}
      {deleting && <DeleteDialog message={deleting} onClose={() => setDeleting(undefined)} />}
    </>
  );
}
