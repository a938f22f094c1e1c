import Box from '@cloudscape-design/components/box';
import Checkbox from '@cloudscape-design/components/checkbox';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import type { AssignedProfileSummary } from '#shared/contracts/contact';
import type { ContactStatus, ContactSubmission } from '#shared/contracts/contact-options';
import { ConfirmModal } from '../../../components/portal/confirm-modal';
import type { ClientAction } from '../api/contact-submissions';
import { STATUS_LABELS } from './status-filter';
import { fullName } from './submission-format';

/** The confirmation the screen is asking for, if any. */
export type Dialog =
  | { kind: 'convert'; submission: ContactSubmission }
  | { kind: 'away-client'; submission: ContactSubmission; to: ContactStatus; profile: AssignedProfileSummary }
  | { kind: 'away-plain'; submission: ContactSubmission; to: ContactStatus }
  | { kind: 'delete'; ids: string[] };

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
    <ConfirmModal
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
    </ConfirmModal>
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
        <ConfirmModal
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
        </ConfirmModal>
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
        <ConfirmModal
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
        </ConfirmModal>
      );
    case 'delete':
      return (
        <ConfirmModal
          header="Delete permanently"
          confirmLabel="Delete permanently"
          busy={busy}
          onCancel={onCancel}
          onConfirm={() => onDelete(dialog.ids)}
        >
          <Box variant="p">Permanently delete {dialog.ids.length} removed submission(s)? This cannot be undone.</Box>
        </ConfirmModal>
      );
  }
}
