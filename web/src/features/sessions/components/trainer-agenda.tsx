import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { addDays, format } from 'date-fns';
import { type ReactNode, useState } from 'react';
import type { SessionView } from '#shared/contracts/session-options';
import { RouterLink, useFollow } from '../../../components/portal/router-link';
import { businessWallTime, inBusinessZone, zoneLabel } from '../../../lib/business-zone';
import { clientProfileHref, messageClientHref } from '../../../lib/portal-links';
import { useSessionRange, useSessionsLive } from '../api/sessions';
import { CREATE_SESSION_PATH, dayKey, editSessionPath, formatTime, LOAD_SESSIONS_FAILED } from './session-format';
import { CancelSessionModal } from './session-lazy';
import { StatusBadge } from './session-status-badge';
import './trainer-agenda.css';

/** Today and the days after it the agenda shows (issue 38: today and the next 7 days). */
const AGENDA_DAYS = 8;
export const NO_AGENDA_TEXT = 'No sessions in the next 7 days';

/** Today and the next 7 days of the business time zone, as a [from, to) range of UTC instants. */
export function agendaRange(now = Date.now()): { from: string; to: string; days: string[] } {
  const today = inBusinessZone(now);
  const y = today.getFullYear();
  const m = today.getMonth();
  const d = today.getDate();
  const from = businessWallTime(y, m, d);
  const to = businessWallTime(y, m, d + AGENDA_DAYS);
  const days = Array.from({ length: AGENDA_DAYS }, (_, i) => format(addDays(from, i), 'yyyy-MM-dd'));
  return { from: new Date(from.getTime()).toISOString(), to: new Date(to.getTime()).toISOString(), days };
}

function dayHeading(day: string, days: string[]): string {
  const [y, m, d] = day.split('-').map(Number);
  const label = format(businessWallTime(y, m - 1, d), 'EEEE, MMMM d');
  if (day === days[0]) return `Today, ${label}`;
  if (day === days[1]) return `Tomorrow, ${label}`;
  return label;
}

const tel = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

const OPEN_STATUSES: readonly string[] = ['scheduled', 'confirmed'];

function AgendaDay({
  heading,
  sessions,
  onCancel,
}: {
  heading: string;
  sessions: SessionView[];
  onCancel: (s: SessionView) => void;
}) {
  const follow = useFollow();
  return (
    // Narrower than its table (a phone), the day scrolls sideways inside its own box, never the page; a
    // scrollable box is reachable by keyboard.
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard
    <section className="trainer-agenda__day trainer-agenda__scroll" aria-label={heading} tabIndex={0}>
      <Box variant="h3" padding={{ vertical: 'xs' }}>
        {heading}
      </Box>
      <table className="trainer-agenda__table">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Dog</th>
            <th scope="col">Owner</th>
            <th scope="col">Phone</th>
            <th scope="col">Status</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((s) => (
            <tr key={s.id}>
              <td>
                {formatTime(s.scheduledAt)} - {formatTime(s.endsAt)} {zoneLabel(new Date(s.scheduledAt))}
              </td>
              <td>{s.dogName}</td>
              <td>
                <RouterLink href={clientProfileHref(s.clientId)}>{s.clientName}</RouterLink>
              </td>
              <td>{s.clientPhone ? <a href={tel(s.clientPhone)}>{s.clientPhone}</a> : '-'}</td>
              <td>
                <StatusBadge status={s.status} />
              </td>
              <td>
                <SpaceBetween direction="horizontal" size="xs">
                  <Button
                    variant="inline-link"
                    href={editSessionPath(s.id)}
                    onFollow={follow}
                    ariaLabel={`Open session of ${s.dogName} (${s.clientName})`}
                  >
                    Open
                  </Button>
                  <Button
                    variant="inline-link"
                    href={messageClientHref(s.clientId, '/dashboard')}
                    onFollow={follow}
                    ariaLabel={`Message ${s.clientName}`}
                  >
                    Message
                  </Button>
                  {OPEN_STATUSES.includes(s.status) && (
                    <Button
                      variant="inline-link"
                      onClick={() => onCancel(s)}
                      ariaLabel={`Cancel session of ${s.dogName} (${s.clientName})`}
                    >
                      Cancel
                    </Button>
                  )}
                </SpaceBetween>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/**
 * The trainer dashboard's agenda: the sessions of today and the next 7 days in the business time zone
 * (GET /api/sessions with that range), grouped by day, live; cancelled ones are left out. `needsAnswer`
 * (what waits for the trainer) is shown under the heading.
 */
export function TrainerAgenda({ needsAnswer }: { needsAnswer?: ReactNode }) {
  useSessionsLive();
  const follow = useFollow();
  const range = agendaRange();
  const query = useSessionRange({ from: range.from, to: range.to });
  const [cancelling, setCancelling] = useState<SessionView>();
  const sessions = (query.data?.pages ?? []).flatMap((p) => p.items).filter((s) => s.status !== 'cancelled');
  const byDay = new Map<string, SessionView[]>();
  for (const s of sessions) {
    const key = dayKey(s.scheduledAt);
    byDay.set(key, [...(byDay.get(key) ?? []), s]);
  }
  const schedule = (
    <Button href={CREATE_SESSION_PATH} onFollow={follow} iconName="add-plus">
      Schedule Session
    </Button>
  );

  let body: ReactNode;
  if (query.isPending) body = <StatusIndicator type="loading">Loading sessions</StatusIndicator>;
  else if (query.isError)
    body = (
      <Alert type="error" action={<Button onClick={() => void query.refetch()}>Retry</Button>}>
        {LOAD_SESSIONS_FAILED}
      </Alert>
    );
  else if (sessions.length === 0)
    body = (
      <Box textAlign="center" color="inherit" padding="m">
        <SpaceBetween size="s">
          <Box color="text-body-secondary">{NO_AGENDA_TEXT}</Box>
          {schedule}
        </SpaceBetween>
      </Box>
    );
  else
    body = (
      <SpaceBetween size="m">
        {range.days
          .filter((day) => byDay.has(day))
          .map((day) => (
            <AgendaDay
              key={day}
              heading={dayHeading(day, range.days)}
              sessions={byDay.get(day) ?? []}
              onCancel={setCancelling}
            />
          ))}
      </SpaceBetween>
    );

  return (
    <Container
      header={
        <Header variant="h2" description={needsAnswer} actions={sessions.length > 0 ? schedule : undefined}>
          Today and the next 7 days
        </Header>
      }
    >
      {body}
      {cancelling && <CancelSessionModal session={cancelling} onClose={() => setCancelling(undefined)} />}
    </Container>
  );
}
