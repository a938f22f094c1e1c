import type { ClassView } from '#shared/contracts/class-options';
import { ConfirmModal } from '../../../components/portal/confirm-modal';

/** Delete Class: confirm before the class goes; loaded when first opened (the list does not carry the Modal). */
export function DeleteClassDialog({
  item,
  deleting,
  onCancel,
  onDelete,
}: {
  item: ClassView;
  deleting: boolean;
  onCancel: () => void;
  onDelete: () => void;
}) {
  const dogs = item.seatsTaken === 1 ? '1 dog is' : `${item.seatsTaken} dogs are`;
  return (
    <ConfirmModal header="Delete Class" confirmLabel="Delete" busy={deleting} onCancel={onCancel} onConfirm={onDelete}>
      Delete the class <b>{item.title}</b>? This cannot be undone. {item.seatsTaken > 0 && `${dogs} enrolled. `}Enrolled
      clients get their credits back.
    </ConfirmModal>
  );
}
