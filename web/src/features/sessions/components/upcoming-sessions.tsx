import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { RouterLink } from '../../../components/portal/router-link';
import { useMyUpcomingSessions, useSessionsLive } from '../api/sessions';
import { durationLabel, formatStart, LOAD_SESSIONS_FAILED, typeLabel } from './session-format';
import { StatusBadge } from './session-status-badge';

/** The client dashboard's next 3 sessions (GET /api/me/sessions?filter=upcoming&limit=3). */
export function UpcomingSessions() {
  useSessionsLive();
  const sessions = useMyUpcomingSessions();
  const items = sessions.data?.items ?? [];
  return (
    <Container
      header={
        <Header
          variant="h2"
          actions={
            <RouterLink href="/sessions" ariaLabel="View all sessions">
              View All
            </RouterLink>
          }
        >
          Upcoming Sessions
        </Header>
      }
    >
      {sessions.isPending ? (
        <Spinner />
      ) : sessions.isError ? (
        <Alert type="error" action={<Button onClick={() => void sessions.refetch()}>Retry</Button>}>
          {LOAD_SESSIONS_FAILED}
        </Alert>
      ) : items.length === 0 ? (
        <Box color="text-body-secondary">No upcoming sessions.</Box>
      ) : (
        <ul className="recent-messages" aria-label="Upcoming sessions">
          {items.map((s) => (
            <li key={s.id}>
              <SpaceBetween size="xxxs">
                <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                  <strong>{formatStart(s)}</strong>
                  <StatusBadge status={s.status} />
                </SpaceBetween>
                <Box color="text-body-secondary" fontSize="body-s">
                  {[s.dogName, typeLabel(s), durationLabel(s.durationMinutes)].join(' · ')}
                </Box>
              </SpaceBetween>
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}
