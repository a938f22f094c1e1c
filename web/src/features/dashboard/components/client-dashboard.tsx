import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { RouterLink } from '../../portal/components/router-link';
import { type NavCard, NavCards } from './nav-cards';

const CLIENT_CARDS: NavCard[] = [
  { href: '/messages', title: 'Messages', description: 'Feedback, homework and updates from your trainer.' },
  { href: '/sessions', title: 'Sessions', description: 'Your upcoming and past training sessions.' },
  { href: '/referrals', title: 'Referrals', description: 'Refer a friend: they save 10%, you earn a reward.' },
];

/** Client dashboard: dogs, recent messages and section cards (data arrives with later issues). */
export function ClientDashboard() {
  return (
    <SpaceBetween size="l">
      <ColumnLayout columns={2} minColumnWidth={280}>
        <Container header={<Header variant="h2">My Dogs</Header>}>
          <Box color="text-body-secondary">
            No dogs on your profile yet. Your trainer adds them after your evaluation.
          </Box>
        </Container>
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
