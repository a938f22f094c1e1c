import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Cards from '@cloudscape-design/components/cards';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import type { Dog } from '#shared/contracts/client-options';
import { Modal } from '../../../components/portal/modal';
import { useFollow } from '../../../components/portal/router-link';
import { useToasts } from '../../../lib/toasts';
import { useClientDogs, useDeleteDog } from '../api/dogs';
import { DogFacts, DogNotes, DogPhoto } from './dog-details';

const dogPath = (clientId: string, dogId?: string) =>
  `/dashboard/clients/${encodeURIComponent(clientId)}/dogs/${dogId ? `${encodeURIComponent(dogId)}/edit` : 'add'}`;

/** The dogs of one client on the client detail page (admin): cards with photo, facts and analytics. */
export function ClientDogsPanel({ clientId }: { clientId: string }) {
  const follow = useFollow();
  const { notify } = useToasts();
  const dogs = useClientDogs(clientId);
  const remove = useDeleteDog();
  const [confirming, setConfirming] = useState<Dog | undefined>(undefined);
  const items = dogs.data?.pages.flatMap((p) => p.items) ?? [];

  const confirmDelete = async () => {
    if (!confirming) return;
    try {
      await remove.mutateAsync(confirming);
      notify({ type: 'success', content: `${confirming.name} has been deleted.` });
      setConfirming(undefined);
    } catch (e) {
      notify({ type: 'error', content: e instanceof Error && e.message ? e.message : 'Failed to delete dog.' });
    }
  };

  const addButton = (
    <Button href={dogPath(clientId)} onFollow={follow} iconName="add-plus">
      Add dog
    </Button>
  );

  if (dogs.isError) {
    return (
      <Alert
        type="error"
        header="Failed to load dogs"
        action={
          <Button onClick={() => void dogs.refetch()} loading={dogs.isFetching}>
            Retry
          </Button>
        }
      >
        {(dogs.error as Error).message}
      </Alert>
    );
  }

  return (
    <>
      <Cards
        items={items}
        trackBy="id"
        loading={dogs.isPending}
        loadingText="Loading dogs"
        variant="container"
        cardsPerRow={[{ cards: 1 }, { minWidth: 600, cards: 2 }, { minWidth: 1000, cards: 3 }]}
        header={
          <Header variant="h2" counter={dogs.isPending ? undefined : `(${items.length})`} actions={addButton}>
            Dogs
          </Header>
        }
        cardDefinition={{
          header: (dog) => dog.name,
          sections: [
            { id: 'photo', content: (dog) => <DogPhoto dog={dog} /> },
            { id: 'facts', content: (dog) => <DogFacts dog={dog} /> },
            { id: 'notes', content: (dog) => <DogNotes dog={dog} /> },
            {
              id: 'actions',
              content: (dog) => (
                <SpaceBetween direction="horizontal" size="xs">
                  <Button
                    href={dogPath(clientId, dog.id)}
                    onFollow={follow}
                    iconName="edit"
                    ariaLabel={`Edit ${dog.name}`}
                  >
                    Edit
                  </Button>
                  <Button
                    href={`/dogs/${encodeURIComponent(dog.id)}`}
                    onFollow={follow}
                    ariaLabel={`Vaccinations of ${dog.name}`}
                  >
                    Vaccinations
                  </Button>
                  <Button iconName="remove" ariaLabel={`Delete ${dog.name}`} onClick={() => setConfirming(dog)}>
                    Delete
                  </Button>
                </SpaceBetween>
              ),
            },
          ],
        }}
        empty={
          <Box textAlign="center" color="inherit" padding="l">
            <SpaceBetween size="s">
              <b>No dogs yet</b>
              <Box variant="p" color="inherit">
                Add this client's dogs to schedule their sessions.
              </Box>
              {addButton}
            </SpaceBetween>
          </Box>
        }
      />
      {dogs.hasNextPage && (
        <Box textAlign="center" margin={{ top: 's' }}>
          <Button onClick={() => void dogs.fetchNextPage()} loading={dogs.isFetchingNextPage}>
            Load more dogs
          </Button>
        </Box>
      )}
      <Modal
        visible={!!confirming}
        onDismiss={() => !remove.isPending && setConfirming(undefined)}
        header={confirming ? `Delete ${confirming.name}?` : 'Delete dog?'}
        closeAriaLabel="Close"
        footer={
          <Box float="right">
            <SpaceBetween direction="horizontal" size="xs">
              <Button variant="link" onClick={() => setConfirming(undefined)} disabled={remove.isPending}>
                Cancel
              </Button>
              <Button variant="primary" onClick={() => void confirmDelete()} loading={remove.isPending}>
                Delete
              </Button>
            </SpaceBetween>
          </Box>
        }
      >
        {confirming && (
          <SpaceBetween size="s">
            <Box variant="p">
              This permanently deletes {confirming.name} ({confirming.breed}) and their photo. This cannot be undone.
            </Box>
          </SpaceBetween>
        )}
      </Modal>
    </>
  );
}
