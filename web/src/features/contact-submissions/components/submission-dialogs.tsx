import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { type ReactNode, useState } from 'react';
import type { AssignedProfileSummary } from '../../../../../shared/contracts/contact';
import type { ContactStatus, ContactSubmission } from '../../../../../shared/contracts/contact-options';
import type { ClientAction } from '../api/contact-submissions';
import { STATUS_LABELS } from './status-filter';
import { fullName } from './submission-format';

/** The confirmation the screen is asking for, if any. */
export type Dialog =
  | { kind: 'convert'; submission: ContactSubmission }
  | { kind: 'away-client'; submission: ContactSubmission; to: ContactStatus; profile: AssignedProfileSummary }
  | { kind: 'away-plain'; submission: ContactSubmission; to: ContactStatus }
  | { kind: 'delete'; ids: string[] };

function Confirm({
  header,
  confirmLabel,
  busy,
  onCancel,
  onConfirm,
  children,
}: {
  header: string;
  confirmLabel: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      visible
      header={header}
      onDismiss={() => !busy && onCancel()}
      closeAriaLabel="Close dialog"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" disabled={busy} onClick={onCancel}>
              Cancel
            </Button>
            <Button variant="primary" loading={busy} onClick={onConfirm}>
              {confirmLabel}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      {children}
    </Modal>
  );
}

/** Leaving converted while the client profile exists: deactivate (default) or delete everything. */
function AwayFromClientDialog({
  dialog,
  busy,
  onCancel,
  onConfirm,
}: {
  dialog: Extract<Dialog, { kind: 'away-client' }>;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (action: ClientAction) => void;
}) {
  const [deleteAll, setDeleteAll] = useState(false);
  const client = `${dialog.profile.firstName} ${dialog.profile.lastName}`.trim();
  return (
    <Confirm
      header={`Change status to ${STATUS_LABELS[dialog.to]}`}
      confirmLabel={deleteAll ? 'Delete client and update status' : 'Deactivate client and update status'}
      busy={busy}
      onCancel={onCancel}
      onConfirm={() => onConfirm(deleteAll ? 'delete' : 'deactivate')}
    >
      <SpaceBetween size="m">
        <Box variant="p">
          This submission was converted to the client {client} ({dialog.profile.email}). Changing its status deactivates
          the client and removes them from Client Management.
        </Box>
        <Checkbox checked={deleteAll} onChange={({ detail }) => setDeleteAll(detail.checked)}>
          Permanently delete all client data instead (dogs, notes, sessions, profile and login). This cannot be undone.
        </Checkbox>
      </SpaceBetween>
    </Confirm>
  );
}

/** The open confirmation dialog. */
export function SubmissionDialogs({
  dialog,
  busy,
  onCancel,
  onConvert,
  onStatus,
  onDelete,
}: {
  dialog: Dialog | undefined;
  busy: boolean;
  onCancel: () => void;
  onConvert: (submission: ContactSubmission) => void;
  onStatus: (submission: ContactSubmission, to: ContactStatus, clientAction?: ClientAction) => void;
  onDelete: (ids: string[]) => void;
}) {
  if (!dialog) return null;
  switch (dialog.kind) {
    case 'convert':
      return (
        <Confirm
          header="Convert to client"
          confirmLabel="Convert to client"
          busy={busy}
          onCancel={onCancel}
          onConfirm={() => onConvert(dialog.submission)}
        >
          <Box variant="p">
            Create a client account for {fullName(dialog.submission)} ({dialog.submission.email}) with a temporary
            password, add {dialog.submission.dogName} as their first dog, and e-mail them a signup invitation valid for
            7 days?
          </Box>
        </Confirm>
      );
    case 'away-client':
      return (
        <AwayFromClientDialog
          dialog={dialog}
          busy={busy}
          onCancel={onCancel}
          onConfirm={(action) => onStatus(dialog.submission, dialog.to, action)}
        />
      );
    case 'away-plain':
      return (
        <Confirm
          header={`Change status to ${STATUS_LABELS[dialog.to]}`}
          confirmLabel="Update status"
          busy={busy}
          onCancel={onCancel}
          onConfirm={() => onStatus(dialog.submission, dialog.to)}
        >
          <Box variant="p">
            No client profile exists for {fullName(dialog.submission)}. The status changes; a signup invitation already
            sent remains valid until it expires.
          </Box>
        </Confirm>
      );
    case 'delete':
      return (
        <Confirm
          header="Delete permanently"
          confirmLabel="Delete permanently"
          busy={busy}
          onCancel={onCancel}
          onConfirm={() => onDelete(dialog.ids)}
        >
          <Box variant="p">Permanently delete {dialog.ids.length} removed submission(s)? This cannot be undone.</Box>
        </Confirm>
      );
  }
}
