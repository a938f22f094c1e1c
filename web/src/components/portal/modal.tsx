import type { ModalProps } from '@cloudscape-design/components/modal';
import { lazy, Suspense } from 'react';

const CloudscapeModal = lazy(() => import('@cloudscape-design/components/modal'));

/**
 * Portal conventions: Cloudscape's Modal, loaded when a screen first shows a dialog (screens mount their
 * dialogs only while open), so no screen's first load carries it (ADR 0015). Same props as Cloudscape's.
 */
export function Modal(props: ModalProps) {
  return (
    <Suspense fallback={null}>
      <CloudscapeModal {...props} />
    </Suspense>
  );
}
