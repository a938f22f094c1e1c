import Box from '@cloudscape-design/components/box';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { RouterLink } from '../../../components/portal/router-link';
import { useAdminDashboard } from '../api/admin-dashboard';
import { type NavCard, NavCards } from './nav-cards';

const ADMIN_CARDS: NavCard[] = [
  {
    href: '/dashboard/contact-submissions',
    title: 'Contact Submissions',
    description: 'Review free-evaluation requests from the website.',
  },
  { href: '/dashboard/clients', title: 'Client Management', description: 'Client profiles, dogs, notes and history.' },
  { href: '/dashboard/messages', title: 'Messages', description: 'Send feedback, homework and updates to clients.' },
  { href: '/admin/templates', title: 'Message Templates', description: 'Reusable messages for common situations.' },
  { href: '/dashboard/sessions', title: 'Sessions', description: 'Schedule and manage training sessions.' },
  { href: '/dashboard/analytics', title: 'Analytics', description: 'Website traffic and inquiry trends.' },
  { href: '/dashboard/payments', title: 'Payments', description: 'Every payment, with totals by month.' },
  { href: '/dashboard/discounts', title: 'Discount Codes', description: 'Create and manage discount codes.' },
  {
    href: '/dashboard/website-config',
    title: 'Website Configuration',
    description: 'Edit the hero, programs, tips and stories.',
  },
  { href: '/dashboard/settings', title: 'Settings', description: 'Profile, business details and integrations.' },
];

function Counter({
  label,
  value,
  href,
  failed,
}: {
  label: string;
  value: number | undefined;
  href?: string;
  failed: boolean;
}) {
  return (
    <div>
      <Box variant="awsui-key-label">{href ? <RouterLink href={href}>{label}</RouterLink> : label}</Box>
      <div className="stat-value">
        {failed ? (
          <StatusIndicator type="error">Unavailable</StatusIndicator>
        ) : value === undefined ? (
          <Spinner />
        ) : (
          value
        )}
      </div>
    </div>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * What waits for the trainer's answer (the agenda shows it under its heading): new contact requests,
 * pending booking requests and unread client conversations, each a link to the screen that answers it; nothing while the counters load.
 */
export function NeedsAnswer() {
  const { data, isError } = useAdminDashboard();
  if (isError) return <StatusIndicator type="error">Requests to answer are unavailable</StatusIndicator>;
  if (!data) return null;
  const conversations = data.unreadConversations ?? 0;
  if (!data.newInquiries && !data.pendingBookings && !conversations) return 'Nothing waits for an answer.';
  return (
    // Inline: it is shown in the agenda's header description (a paragraph).
    <span>
      Needs an answer:{' '}
      <RouterLink href="/dashboard/contact-submissions">
        {plural(data.newInquiries, 'new contact request', 'new contact requests')}
      </RouterLink>
      {' · '}
      <RouterLink href="/dashboard/sessions">
        {plural(data.pendingBookings, 'booking request', 'booking requests')}
      </RouterLink>
      {' · '}
      <RouterLink href="/dashboard/messages">
        {plural(conversations, 'unread conversation', 'unread conversations')}
      </RouterLink>
    </span>
  );
}

/** Trainer dashboard: counters and section cards. */
export function AdminDashboard() {
  const { data, isError } = useAdminDashboard();
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">At a glance</Header>}>
        <ColumnLayout columns={4} variant="text-grid" minColumnWidth={160}>
          <Counter
            label="New Inquiries"
            value={data?.newInquiries}
            href="/dashboard/contact-submissions"
            failed={isError}
          />
          <Counter label="Active Clients" value={data?.activeClients} href="/dashboard/clients" failed={isError} />
          <Counter
            label="This Week's Sessions"
            value={data?.weekSessions}
            href="/dashboard/sessions"
            failed={isError}
          />
          <Counter label="Booking Requests" value={data?.pendingBookings} href="/dashboard/sessions" failed={isError} />
        </ColumnLayout>
      </Container>
      <NavCards items={ADMIN_CARDS} label="Portal sections" />
    </SpaceBetween>
  );
}
