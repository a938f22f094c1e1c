import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useState } from 'react';
import { type Dog, dogAge } from '#shared/contracts/client-options';
import { MESSAGE_TYPE_LABELS } from '#shared/contracts/message-options';
import { RouterLink } from '../../../components/portal/router-link';
import { type NavCard, NavCards } from '../../../features/dashboard/components/nav-cards';
import { useMyDogs } from '../../../features/dogs/api/dogs';
import { DogPhoto, sexLabel } from '../../../features/dogs/components/dog-details';
import { useRecentMessages } from '../../../features/messages/api/inbox';
import { useMyUpcomingSessions } from '../../../features/sessions/api/sessions';
import { UpcomingSessions } from '../../../features/sessions/components/upcoming-sessions';
import { formatDate } from '../../../lib/format';
import { creditsText, useMyCredits } from '../../../lib/queries/credits';

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
      <RouterLink href={`/dogs/${encodeURIComponent(dog.id)}`} ariaLabel={`Vaccinations of ${dog.name}`}>
        Vaccinations
      </RouterLink>
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

/** The 3 latest messages from the trainer (GET /api/me/messages), each opening in the inbox. */
function RecentMessages() {
  const messages = useRecentMessages();
  const items = messages.data?.items ?? [];
  return (
    <Container
      header={
        <Header variant="h2" actions={<RouterLink href="/messages">View All</RouterLink>}>
          Recent Messages
        </Header>
      }
    >
      {messages.isPending ? (
        <Spinner />
      ) : messages.isError ? (
        <Alert type="error" action={<Button onClick={() => void messages.refetch()}>Retry</Button>}>
          Failed to load messages
        </Alert>
      ) : items.length === 0 ? (
        <Box color="text-body-secondary">No messages yet.</Box>
      ) : (
        <ul className="recent-messages">
          {items.map((m) => (
            <li key={m.id}>
              <SpaceBetween size="xxxs">
                <RouterLink href={`/messages?messageId=${encodeURIComponent(m.id)}`}>
                  {m.readAt ? m.subject : <strong>{m.subject}</strong>}
                </RouterLink>
                <Box color="text-body-secondary" fontSize="body-s">
                  {[
                    MESSAGE_TYPE_LABELS[m.messageType] ?? m.messageType,
                    formatDate(m.sentAt),
                    m.readAt ? undefined : 'Unread',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Box>
              </SpaceBetween>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}

/** The client's session credits: a package gives them, each completed session uses one. */
function MyCredits() {
  const credits = useMyCredits();
  const balance = credits.data?.credits?.balance;
  return (
    <Container
      header={
        <Header variant="h2" actions={<RouterLink href="/payment">Buy sessions</RouterLink>}>
          Session Credits
        </Header>
      }
    >
      {credits.isPending ? (
        <Spinner />
      ) : credits.isError || typeof balance !== 'number' ? (
        <Alert type="error" action={<Button onClick={() => void credits.refetch()}>Retry</Button>}>
          Your session credits could not be loaded.
        </Alert>
      ) : (
        <SpaceBetween size="xxs">
          <Box variant="awsui-value-large">{Math.max(0, balance)}</Box>
          <Box color="text-body-secondary">{creditsText(balance)}. Each completed session uses one credit.</Box>
        </SpaceBetween>
      )}
    </Container>
  );
}

/**
 * Client dashboard: the client's dogs, recent messages, upcoming sessions and section cards. The four
 * sections read at once and show together (each with its own error state), so none is pushed down on a
 * phone when the one above it arrives (layout shift); the sections' own queries are these, shared.
 */
export function ClientDashboard() {
  // A section whose read failed once does not hold the others back (it shows its own state while retrying).
  const queries = [useMyDogs(), useRecentMessages(), useMyUpcomingSessions(), useMyCredits()];
  const loading = queries.some((q) => q.isPending && q.failureCount === 0);
  // Once shown, the sections stay (a section that reads again, e.g. a failed one on mount, shows its own state).
  const [shown, setShown] = useState(false);
  if (!shown && !loading) setShown(true);
  if (!shown) return <StatusIndicator type="loading">Loading your dashboard...</StatusIndicator>;
  return (
    <SpaceBetween size="l">
      <ColumnLayout columns={2} minColumnWidth={280}>
        <MyDogs />
        <RecentMessages />
        <UpcomingSessions />
        <MyCredits />
      </ColumnLayout>
      <NavCards items={CLIENT_CARDS} label="Portal sections" />
    </SpaceBetween>
  );
}
