import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { usePaymentsSetup } from '../api/settings';

/** Where the README tells how to store the payment provider's keys. */
const PAYMENTS_HOW_TO = 'README, "Take payments (Stripe)"';

/** Payments: whether the deployment has the provider's keys, as the server says (no key ever reaches the browser). */
function PaymentsIntegration() {
  const setup = usePaymentsSetup();
  const status = setup.isPending ? (
    <StatusIndicator type="loading">Checking</StatusIndicator>
  ) : setup.isError ? (
    <StatusIndicator type="error">Could not be checked</StatusIndicator>
  ) : setup.data.configured ? (
    <StatusIndicator type="success">Configured</StatusIndicator>
  ) : (
    <StatusIndicator type="stopped">Not configured</StatusIndicator>
  );
  return (
    <Container header={<Header variant="h2">Payments</Header>}>
      <SpaceBetween size="s">
        <KeyValuePairs items={[{ label: 'Status', value: status }]} />
        {setup.data?.configured ? (
          <Box variant="p">
            Clients pay for programs on Stripe Checkout; each payment is recorded and a receipt is e-mailed.
          </Box>
        ) : (
          <Box variant="p">
            Clients cannot pay online until the Stripe keys are stored with the deployment: create a secret named{' '}
            <Box variant="code">{'<stack prefix>/payments'}</Box> holding the secret key and the webhook signing secret,
            as the {PAYMENTS_HOW_TO} section explains. There is nothing to switch on here.
          </Box>
        )}
      </SpaceBetween>
    </Container>
  );
}

/** Integrations (admins): the status of each, honestly. */
export function IntegrationsTab() {
  return (
    <SpaceBetween size="l">
      <PaymentsIntegration />
      <Container header={<Header variant="h2">Calendar feed</Header>}>
        <SpaceBetween size="s">
          <KeyValuePairs
            items={[{ label: 'Status', value: <StatusIndicator type="success">Available</StatusIndicator> }]}
          />
          <Box variant="p">
            Your private calendar feed puts every training session into your own calendar app (Google, Apple or Outlook)
            through a subscription link: copy or reset it under General.
          </Box>
        </SpaceBetween>
      </Container>
    </SpaceBetween>
  );
}
