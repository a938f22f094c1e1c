import type { DiscountCodeListItem } from '#shared/contracts/payment-options';
import { ConfirmModal } from '../../../components/portal/confirm-modal';

/**
 * Delete Discount Code: confirm before the code is removed for good. Loaded when it is first opened
 * (discounts-page.tsx imports it lazily), so the list's first load does not carry the Modal.
 */
export function DeleteDiscountDialog({
  discount,
  deleting,
  onCancel,
  onDelete,
}: {
  discount: DiscountCodeListItem;
  deleting: boolean;
  onCancel: () => void;
  onDelete: () => void;
}) {
  return (
    <ConfirmModal
      header="Delete Discount Code"
      confirmLabel="Delete"
      busy={deleting}
      onCancel={onCancel}
      onConfirm={onDelete}
    >
      Delete the discount code <b>{discount.code}</b>? This cannot be undone.
    </ConfirmModal>
  );
}
