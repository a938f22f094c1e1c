import { ClientDetailPage } from '../../features/clients/components/client-detail-page';
import { ClientDogsPanel } from '../../features/dogs/components/client-dogs-panel';
import { ClientNotesPanel } from '../../features/notes/components/client-notes-panel';

/** /dashboard/clients/{id}: the client's page with the dogs' and the notes' panels in its tabs. */
export function ClientDetailScreen() {
  return (
    <ClientDetailPage
      dogsPanel={(clientId) => <ClientDogsPanel clientId={clientId} />}
      notesPanel={(clientId) => <ClientNotesPanel clientId={clientId} />}
    />
  );
}
