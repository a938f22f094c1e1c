import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';

/**
 * What the portal is connected to. No payment provider is part of this deployment yet, so it says
 * so; the calendar feed is published (its link lives under General). Nothing here pretends to
 * connect (no buttons that do nothing).
 */
export const INTEGRATIONS = [
  {
    id: 'payments',
    name: 'Payments',
    status: 'Not connected',
    indicator: 'stopped',
    about:
      'Connecting a payment provider lets clients pay for programs online at checkout; it is set up with the deployment, so there is nothing to switch on here.',
  },
  {
    id: 'calendar',
    name: 'Calendar feed',
    status: 'Available',
    indicator: 'success',
    about:
      'Your private calendar feed puts every training session into your own calendar app (Google, Apple or Outlook) through a subscription link: copy or reset it under General.',
  },
] as const;

/** Integrations (admins): the status of each, honestly. */
export function IntegrationsTab() {
  return (
    <SpaceBetween size="l">
      {INTEGRATIONS.map((i) => (
        <Container key={i.id} header={<Header variant="h2">{i.name}</Header>}>
          <SpaceBetween size="s">
            <KeyValuePairs
              items={[{ label: 'Status', value: <StatusIndicator type={i.indicator}>{i.status}</StatusIndicator> }]}
            />
            <Box variant="p">{i.about}</Box>
          </SpaceBetween>
        </Container>
      ))}
    </SpaceBetween>
  );
}
