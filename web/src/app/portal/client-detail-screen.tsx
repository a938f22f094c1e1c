import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { lazy, Suspense } from 'react';
import { ClientDetailPage } from '../../features/clients/components/client-detail-page';
import { ClientDogsPanel } from '../../features/dogs/components/client-dogs-panel';
import { ClientNotesPanel } from '../../features/notes/components/client-notes-panel';
import { ClientPaymentsPanel } from '../../features/payments/components/client-payments-panel';
import { fullName } from '../../lib/format';
import { clientProfileHref, messageClientHref } from '../../lib/portal-links';

// The Conversations tab loads the messages feature's list (and its thread, later) when it is opened:
// the profile's first load stays as it was.
const ClientConversations = lazy(() =>
  import('../../features/messages/components/client-conversations').then((m) => ({ default: m.ClientConversations })),
);

/**
 * /dashboard/clients/{id}: the client's page with the dogs', the notes', the payments' panels and the
 * client's conversations with the trainer in its tabs.
 */
export function ClientDetailScreen() {
  return (
    <ClientDetailPage
      dogsPanel={(clientId) => <ClientDogsPanel clientId={clientId} />}
      notesPanel={(clientId) => <ClientNotesPanel clientId={clientId} />}
      paymentsPanel={(clientId) => <ClientPaymentsPanel clientId={clientId} />}
      conversationsPanel={(client) => (
        <Suspense fallback={<StatusIndicator type="loading">Loading conversations</StatusIndicator>}>
          <ClientConversations
            client={{ id: client.id, name: fullName(client) }}
            // A deactivated client gets no messages (compose takes active clients only).
            newMessageHref={client.isActive ? messageClientHref(client.id, clientProfileHref(client.id)) : undefined}
          />
        </Suspense>
      )}
    />
  );
}
