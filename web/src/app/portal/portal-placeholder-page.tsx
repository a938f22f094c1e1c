import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useLocation } from 'react-router-dom';
import { RouterLink } from '../../components/portal/router-link';
import { Seo } from '../../components/seo';

const TITLES: [prefix: string, title: string][] = [
  ['/dashboard/clients', 'Client Management'],
  ['/dashboard/messages', 'Messages'],
  ['/admin/templates', 'Message Templates'],
  ['/dashboard/sessions', 'Session Management'],
  ['/dashboard/analytics', 'Analytics Dashboard'],
  ['/dashboard/discounts', 'Discount Code Management'],
  ['/dashboard/website-config', 'Website Configuration'],
  ['/dashboard/settings', 'Settings'],
  ['/messages', 'Messages'],
  ['/sessions', 'My Sessions'],
  ['/referrals', 'Referral Program'],
  ['/onboarding', 'Complete Your Profile'],
  ['/payment', 'Complete Your Payment'],
];

export function titleForPortalPath(pathname: string): string {
  return TITLES.find(([prefix]) => pathname === prefix || pathname.startsWith(`${prefix}/`))?.[1] ?? 'Portal';
}

/** Portal areas that later issues fill in. */
export function PortalPlaceholderPage() {
  const { pathname } = useLocation();
  const title = titleForPortalPath(pathname);
  return (
    <ContentLayout header={<Header variant="h1">{title}</Header>}>
      <Seo title={`${title} | Pawsitive Portal`} description={title} robots="noindex, nofollow" />
      <Container>
        <SpaceBetween size="s">
          <Box variant="p">This part of the portal is not available yet.</Box>
          <RouterLink href="/dashboard">Back to the dashboard</RouterLink>
        </SpaceBetween>
      </Container>
    </ContentLayout>
  );
}
