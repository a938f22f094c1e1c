import type { ContentRecord } from '#shared/contracts/content';
import { ConfirmModal } from '../../../components/portal/confirm-modal';

/** SPEC 5: deleting content asks first. Loaded when it is first opened. */
export function DeleteContentDialog({
  record,
  deleting,
  onCancel,
  onDelete,
}: {
  record: ContentRecord;
  deleting: boolean;
  onCancel: () => void;
  onDelete: () => void;
}) {
  return (
    <ConfirmModal
      header="Delete Content"
      confirmLabel="Delete"
      busy={deleting}
      onCancel={onCancel}
      onConfirm={onDelete}
    >
      Delete <b>{record.title}</b>? {record.status === 'published' ? 'It leaves the public site. ' : ''}This cannot be
      undone.
    </ConfirmModal>
  );
}
