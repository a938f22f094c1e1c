import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Modal from '@cloudscape-design/components/modal';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { DiscountCodeListItem } from '../../../../../shared/contracts/payment-options';

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
    <Modal
      visible
      header="Delete Discount Code"
      closeAriaLabel="Close dialog"
      onDismiss={() => !deleting && onCancel()}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" disabled={deleting} onClick={onCancel}>
              Cancel
            </Button>
            <Button variant="primary" loading={deleting} onClick={onDelete}>
              Delete
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      Delete the discount code <b>{discount.code}</b>? This cannot be undone.
    </Modal>
  );
}
