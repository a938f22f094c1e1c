import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import SpaceBetween from '@cloudscape-design/components/space-between';
import type { ReactNode } from 'react';
import { Modal } from './modal';

/**
 * Portal conventions: a confirmation is a Cloudscape Modal with a dismiss link and a primary confirm
 * button; while `busy` the confirm button spins and the modal cannot be dismissed.
 */
export function ConfirmModal({
  header,
  confirmLabel,
  dismissLabel = 'Cancel',
  busy,
  onCancel,
  onConfirm,
  children,
}: {
  header: string;
  confirmLabel: string;
  dismissLabel?: string;
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
              {dismissLabel}
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
