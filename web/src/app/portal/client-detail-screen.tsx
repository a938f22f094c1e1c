import { ClientDetailPage } from '../../features/clients/components/client-detail-page';
import { ClientDogsPanel } from '../../features/dogs/components/client-dogs-panel';
import { ClientNotesPanel } from '../../features/notes/components/client-notes-panel';
import { ClientPaymentsPanel } from '../../features/payments/components/client-payments-panel';

/** /dashboard/clients/{id}: the client's page with the dogs', the notes' and the payments' panels in its tabs. */
export function ClientDetailScreen() {
  return (
    <ClientDetailPage
      dogsPanel={(clientId) => <ClientDogsPanel clientId={clientId} />}
      notesPanel={(clientId) => <ClientNotesPanel clientId={clientId} />}
      paymentsPanel={(clientId) => <ClientPaymentsPanel clientId={clientId} />}
    />
  );
}
