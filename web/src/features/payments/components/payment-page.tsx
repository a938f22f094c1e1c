import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Tiles from '@cloudscape-design/components/tiles';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  type DiscountCheck,
  PAYMENT_TEXTS,
  SERVICE_TYPES,
  SERVICES,
  type ServiceType,
} from '../../../../../shared/contracts/payment-options';
import { formatDollars, quotePrice } from '../../../../../shared/domain/pricing';
import { Seo } from '../../../components/seo';
import { ApiError } from '../../../lib/api';
import { useToasts } from '../../../lib/toasts';
import { useCancelPayment, useCheckDiscount, useCreateCheckout } from '../api/payments';
import { PaymentHistory } from './payment-history';

const isService = (v: string | null): v is ServiceType => SERVICE_TYPES.includes(v as ServiceType);

const TILES = SERVICE_TYPES.map((t) => ({
  value: t,
  label: `${SERVICES[t].name} – ${formatDollars(SERVICES[t].price * 100)}`,
  description: SERVICES[t].description,
}));

/** Where the browser goes to pay (the hosted checkout); a seam for tests. */
export const redirectTo = { go: (url: string) => window.location.assign(url) };

/**
 * /payment (client): Complete Your Payment. Service cards (the query's `service` preselects, evaluation
 * by default), a discount code with Apply (the query's `discount` fills it in), the order summary from
 * the shared pricing rules, and Pay, which sends the browser to the hosted checkout. Returning from a
 * cancelled checkout (`cancelled=<payment>`) closes it, with the selection kept.
 */
export function PaymentPage() {
  const { notify } = useToasts();
  const [params] = useSearchParams();
  const [service, setService] = useState<ServiceType>(() => {
    const asked = params.get('service');
    return isService(asked) ? asked : 'evaluation';
  });
  const [codeText, setCodeText] = useState(() => (params.get('discount') ?? '').toUpperCase());
  const [applied, setApplied] = useState<DiscountCheck | undefined>(undefined);
  const check = useCheckDiscount();
  const checkout = useCreateCheckout();
  const cancel = useCancelPayment();
  const started = useRef(false);

  const apply = (code: string, quiet = false) => {
    if (!code.trim()) return;
    check.mutate(code.trim(), {
      onSuccess: (terms) => {
        setApplied(terms);
        if (!quiet) notify({ type: 'success', content: 'Discount code applied successfully!' });
      },
      onError: (e) => {
        setApplied(undefined);
        notify({
          type: 'error',
          content: e instanceof ApiError && e.status === 400 ? e.message : 'Error validating discount code',
        });
      },
    });
  };

  // Once: close a checkout the payer cancelled, and apply the code the link carried.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for the URL the page was opened with.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const cancelled = params.get('cancelled');
    if (cancelled) cancel.mutate(cancelled);
    const code = params.get('discount');
    if (code) apply(code.toUpperCase(), true);
  }, []);

  const quote = quotePrice({ service, discount: applied });

  const pay = () =>
    checkout.mutate(
      { serviceType: service, ...(applied ? { discountCode: applied.code } : {}) },
      {
        onSuccess: (created) => {
          if (created?.url) redirectTo.go(created.url);
          else notify({ type: 'error', content: PAYMENT_TEXTS.setupFailed });
        },
        onError: (e) =>
          notify({
            type: 'error',
            content:
              e instanceof ApiError && (e.status === 400 || e.status === 503)
                ? e.message
                : 'Payment processing failed. Please try again.',
          }),
      },
    );

  return (
    <ContentLayout header={<Header variant="h1">Complete Your Payment</Header>}>
      <Seo title="Payment | Pawsitive Portal" description="Complete your payment" robots="noindex, nofollow" />
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">Choose a service</Header>}>
          <Tiles
            ariaLabel="Service"
            value={service}
            items={TILES}
            columns={2}
            onChange={({ detail }) => isService(detail.value) && setService(detail.value)}
          />
        </Container>
        <ColumnLayout columns={2}>
          <Container header={<Header variant="h2">Discount code</Header>}>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                apply(codeText);
              }}
            >
              <FormField
                label="Discount code"
                secondaryControl={
                  <Button loading={check.isPending} disabled={!codeText.trim()}>
                    Apply
                  </Button>
                }
              >
                <Input
                  value={codeText}
                  onChange={({ detail }) => {
                    setCodeText(detail.value.toUpperCase());
                    setApplied(undefined);
                  }}
                />
              </FormField>
            </form>
          </Container>
          <Container header={<Header variant="h2">Order summary</Header>}>
            <SpaceBetween size="m">
              <KeyValuePairs
                columns={1}
                items={[
                  { label: SERVICES[service].name, value: formatDollars(quote.priceCents) },
                  {
                    label: applied ? `Discount (${applied.code})` : 'Discount',
                    value: quote.discountCents ? `−${formatDollars(quote.discountCents)}` : formatDollars(0),
                  },
                  { label: 'Total', value: <b>{formatDollars(quote.totalCents)}</b> },
                ]}
              />
              <Button variant="primary" loading={checkout.isPending} onClick={pay}>
                Pay {formatDollars(quote.totalCents)}
              </Button>
            </SpaceBetween>
          </Container>
        </ColumnLayout>
        <Box variant="small">Payments are processed securely by Stripe; card details never reach this site.</Box>
        <PaymentHistory />
      </SpaceBetween>
    </ContentLayout>
  );
}
