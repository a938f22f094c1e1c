import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { type Dog, dogAge } from '../../../../../shared/contracts/client-options';
import { useMyDogs } from '../../dogs/api/dogs';
import { DogPhoto, sexLabel } from '../../dogs/components/dog-details';
import { RouterLink } from '../../portal/components/router-link';
import { type NavCard, NavCards } from './nav-cards';

const CLIENT_CARDS: NavCard[] = [
  { href: '/messages', title: 'Messages', description: 'Feedback, homework and updates from your trainer.' },
  { href: '/sessions', title: 'Sessions', description: 'Your upcoming and past training sessions.' },
  { href: '/referrals', title: 'Referrals', description: 'Refer a friend: they save 10%, you earn a reward.' },
];

function DogSummary({ dog }: { dog: Dog }) {
  return (
    <SpaceBetween size="xs">
      <DogPhoto dog={dog} height={140} />
      <Box variant="h3" padding="n">
        {dog.name}
      </Box>
      <Box color="text-body-secondary">
        {[dog.breed, dog.sex ? sexLabel(dog.sex) : undefined, dogAge(dog.birthDate)].filter(Boolean).join(' · ')}
      </Box>
    </SpaceBetween>
  );
}

/** The signed-in client's own dogs, with photos and ages (GET /api/me/dogs). */
function MyDogs() {
  const dogs = useMyDogs();
  const items = dogs.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Container header={<Header variant="h2">My Dogs</Header>}>
      {dogs.isPending ? (
        <Spinner />
      ) : dogs.isError ? (
        <Alert type="error" action={<Button onClick={() => void dogs.refetch()}>Retry</Button>}>
          Your dogs could not be loaded.
        </Alert>
      ) : items.length === 0 ? (
        <Box color="text-body-secondary">
          No dogs on your profile yet. Your trainer adds them after your evaluation.
        </Box>
      ) : (
        <ColumnLayout columns={items.length > 1 ? 2 : 1} minColumnWidth={160}>
          {items.map((dog) => (
            <DogSummary key={dog.id} dog={dog} />
          ))}
        </ColumnLayout>
      )}
    </Container>
  );
}

/** Client dashboard: the client's dogs, recent messages and section cards. */
export function ClientDashboard() {
  return (
    <SpaceBetween size="l">
      <ColumnLayout columns={2} minColumnWidth={280}>
        <MyDogs />
        <Container
          header={
            <Header variant="h2" actions={<RouterLink href="/messages">View All</RouterLink>}>
              Recent Messages
            </Header>
          }
        >
          <Box color="text-body-secondary">No messages yet.</Box>
        </Container>
      </ColumnLayout>
      <NavCards items={CLIENT_CARDS} label="Portal sections" />
    </SpaceBetween>
  );
}
