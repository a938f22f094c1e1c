import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useSearchParams } from 'react-router-dom';
import { serviceLabel } from '#shared/contracts/payment-options';
import { formatDollars } from '#shared/domain/pricing';
import { CLASS_PATHS } from '../../../app/portal-paths';
import { RouterLink } from '../../../components/portal/router-link';
import { Seo } from '../../../components/seo';
import { useMyPayment } from '../api/payments';

const STATUS = {
  paid: <StatusIndicator type="success">Paid</StatusIndicator>,
  pending: <StatusIndicator type="in-progress">Processing</StatusIndicator>,
  expired: <StatusIndicator type="stopped">Expired</StatusIndicator>,
  failed: <StatusIndicator type="error">Failed</StatusIndicator>,
} as const;

/**
 * /payment/success (client): the payment as stored. It shows "Processing" until the provider's webhook
 * marks it paid; the server's realtime notice then turns it paid without a reload (a slow poll stands in
 * only while the realtime link is down).
 */
export function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const payment = useMyPayment(params.get('payment'));
  const p = payment.data;
  return (
    <ContentLayout header={<Header variant="h1">Payment</Header>}>
      <Seo title="Payment | Pawsitive Portal" description="Your payment" robots="noindex, nofollow" />
      {payment.isError || !params.get('payment') ? (
        <Alert type="error">This payment could not be found.</Alert>
      ) : !p ? (
        <Box textAlign="center" padding="l">
          <Spinner size="large" />
        </Box>
      ) : (
        <Container
          header={
            <Header
              variant="h2"
              description={p.status === 'pending' ? 'Waiting for the confirmation from Stripe.' : undefined}
            >
              {p.status === 'paid' ? 'Thank you! Your payment was received.' : 'Your payment'}
            </Header>
          }
        >
          <KeyValuePairs
            columns={2}
            items={[
              { label: 'Service', value: serviceLabel(p) },
              { label: 'Status', value: STATUS[p.status] },
              { label: 'Amount', value: formatDollars(p.amountCents) },
              ...(p.discountCode ? [{ label: 'Discount code', value: p.discountCode }] : []),
              ...(p.paidAt ? [{ label: 'Paid on', value: new Date(p.paidAt).toLocaleString() }] : []),
            ]}
          />
          {p.classId && (
            <Box margin={{ top: 'm' }}>
              {p.status === 'paid' ? 'The seat is being taken with the credits this payment gave. ' : ''}
              <RouterLink href={CLASS_PATHS.list}>See your classes</RouterLink>
            </Box>
          )}
        </Container>
      )}
    </ContentLayout>
  );
}
