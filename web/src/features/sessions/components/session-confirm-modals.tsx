import Box from '@cloudscape-design/components/box';
import Checkbox from '@cloudscape-design/components/checkbox';
import { useState } from 'react';
import type { SessionView } from '#shared/contracts/session-options';
import { ConfirmModal } from '../../../components/portal/confirm-modal';
import { useToasts } from '../../../lib/toasts';
import { useCancelSession, useDeleteSession } from '../api/sessions';
import { sessionWho as who } from './session-format';

/** The sessions list's confirmations, loaded when one is asked for (session-lazy). */

export function CancelSessionModal({ session, onClose }: { session: SessionView; onClose: () => void }) {
  const { notify } = useToasts();
  const cancel = useCancelSession();
  const [following, setFollowing] = useState(false);
  const confirm = async () => {
    try {
      const cancelled = await cancel.mutateAsync({ id: session.id, following });
      notify({
        type: 'success',
        content: cancelled.length > 1 ? `${cancelled.length} sessions cancelled` : 'Session cancelled',
      });
      onClose();
    } catch {
      notify({ type: 'error', content: 'Failed to update session status' });
    }
  };
  return (
    <ConfirmModal
      header="Cancel session?"
      confirmLabel="Cancel session"
      dismissLabel="Keep session"
      busy={cancel.isPending}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    >
      <Box variant="p">Cancel the session of {who(session)}? It stays listed as cancelled.</Box>
      {session.seriesId && (
        <Checkbox checked={following} onChange={({ detail }) => setFollowing(detail.checked)}>
          Also cancel the later sessions of this series
        </Checkbox>
      )}
    </ConfirmModal>
  );
}

export function DeleteSessionModal({ session, onClose }: { session: SessionView; onClose: () => void }) {
  const { notify } = useToasts();
  const remove = useDeleteSession();
  const confirm = async () => {
    try {
      await remove.mutateAsync(session);
      notify({ type: 'success', content: 'Session deleted successfully' });
      onClose();
    } catch {
      notify({ type: 'error', content: 'Failed to delete session' });
    }
  };
  return (
    <ConfirmModal
      header="Delete session?"
      confirmLabel="Delete"
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() => void confirm()}
    >
      <Box variant="p">Delete the session of {who(session)}? This cannot be undone.</Box>
    </ConfirmModal>
  );
}
