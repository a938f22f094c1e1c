import type { ClassView } from '#shared/contracts/class-options';
import { ConfirmModal } from '../../../components/portal/confirm-modal';
import { useRoster } from '../api/classes';
import { classPaymentLine } from './class-payments';

/**
 * Delete Class: confirm before the class goes; loaded when first opened (the list does not carry the Modal).
 * A class with paid checkouts lists them (docs/decisions/0076-paying-for-a-class.md): the credits come
 * back, the money is the trainer's to refund.
 */
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
  const roster = useRoster(item.id);
  const payments = roster.data?.payments ?? [];
  const dogs = item.seatsTaken === 1 ? '1 dog is' : `${item.seatsTaken} dogs are`;
  return (
    <ConfirmModal header="Delete Class" confirmLabel="Delete" busy={deleting} onCancel={onCancel} onConfirm={onDelete}>
      Delete the class <b>{item.title}</b>? This cannot be undone. {item.seatsTaken > 0 && `${dogs} enrolled. `}Enrolled
      clients get their credits back.
      {payments.length > 0 && (
        <>
          {' '}
          These payments were made for it; refund them at your payment provider if you wish:
          <ul aria-label="Payments to refund">
            {payments.map((p) => (
              <li key={p.id}>{classPaymentLine(p)}</li>
            ))}
          </ul>
        </>
      )}
    </ConfirmModal>
  );
}
