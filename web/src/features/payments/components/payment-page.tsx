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
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Tiles from '@cloudscape-design/components/tiles';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { seatCostText } from '#shared/contracts/class-options';
import { type DiscountCheck, PAYMENT_TEXTS, type Service } from '#shared/contracts/payment-options';
import { REFERRAL_PAYMENT_TEXTS, type ReferralCheck } from '#shared/contracts/referral-options';
import { formatDollars, quotePrice } from '#shared/domain/pricing';
import { Seo } from '../../../components/seo';
import { ApiError } from '../../../lib/api';
import { classSaleOf } from '../../../lib/portal-links';
import { useDog } from '../../../lib/queries/dogs';
import { useToasts } from '../../../lib/toasts';
import {
  recordReferralClick,
  useCancelPayment,
  useCheckDiscount,
  useCheckReferral,
  useClassForSale,
  useCreateCheckout,
  useServices,
} from '../api/payments';
import { PaymentHistory } from './payment-history';

const tileOf = (s: Service) => ({
  value: s.id,
  label: `${s.name} – ${s.price === 0 ? 'Free' : formatDollars(Math.round(s.price * 100))}`,
  description: s.description,
});

/** The service the page starts on: the query's when offered, else the evaluation, else the first one. */
const initialService = (services: Service[], asked: string | null) =>
  (services.find((s) => s.id === asked) ?? services.find((s) => s.id === 'evaluation') ?? services[0])?.id;

/** Where the browser goes to pay (the hosted checkout); a seam for tests. */
export const redirectTo = { go: (url: string) => window.location.assign(url) };

/**
 * /payment (client): Complete Your Payment. Service cards as the trainer set them in Settings → Business
 * (read from the server; the query's `service` preselects, evaluation by default), a discount code with Apply (the query's `discount` fills it in), a referral code (the query's
 * `referral` fills it in; a friend's 10% off the first service, only without a discount code), the order summary from
 * the shared pricing rules, and Pay, which sends the browser to the hosted checkout. Returning from a
 * cancelled checkout (`cancelled=<payment>`) closes it, with the selection kept. A link from the client's
 * classes (`class=<id>&dog=<id>`) sells that priced class's seat for the dog instead of a service (its
 * price, the same codes; docs/decisions/0076-paying-for-a-class.md).
 */
export function PaymentPage() {
  const { notify } = useToasts();
  const [params] = useSearchParams();
  // A priced class's seat for one dog (`?class=&dog=`, from the client's classes) instead of a service.
  const sale = classSaleOf(params);
  const classSold = useClassForSale(sale?.classId);
  const dog = useDog(sale?.dogId);
  const services = useServices(!sale);
  const offered = services.data?.services ?? [];
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const service = sale
    ? classSold.data?.price
      ? { id: 'class', name: classSold.data.title, price: classSold.data.price }
      : undefined
    : offered.find((s) => s.id === (chosen ?? initialService(offered, params.get('service'))));
  const itemsPending = sale ? classSold.isPending : services.isPending;
  const [codeText, setCodeText] = useState(() => (params.get('discount') ?? '').toUpperCase());
  const [applied, setApplied] = useState<DiscountCheck | undefined>(undefined);
  const [referralText, setReferralText] = useState(() => (params.get('referral') ?? '').toUpperCase());
  const [referral, setReferral] = useState<ReferralCheck | undefined>(undefined);
  const check = useCheckDiscount();
  const checkReferral = useCheckReferral();
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

  const applyReferral = (code: string) => {
    if (!code.trim()) return;
    checkReferral.mutate(code.trim(), {
      onSuccess: (terms) => {
        setReferral(terms);
        notify({ type: 'success', content: REFERRAL_PAYMENT_TEXTS.applied });
      },
      onError: (e) => {
        setReferral(undefined);
        notify({
          type: 'error',
          content: e instanceof ApiError && e.status === 400 ? e.message : REFERRAL_PAYMENT_TEXTS.invalid,
        });
      },
    });
  };

  // Once: close a checkout the payer cancelled, and apply the codes the link carried (a referral link's
  // opening is counted: its referral becomes clicked). The codes are checked only once the cancelled
  // checkout is closed: until then it still holds a discount use and the payer's referral discount, and a
  // code at its limit, or the referral, would be refused.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs for the URL the page was opened with.
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const cancelled = params.get('cancelled');
    const code = params.get('discount');
    const referralCode = params.get('referral');
    const applyLinkCodes = () => {
      if (code) apply(code.toUpperCase(), true);
      if (referralCode) applyReferral(referralCode.toUpperCase());
    };
    if (cancelled) cancel.mutate(cancelled, { onSettled: applyLinkCodes });
    else applyLinkCodes();
    if (referralCode) {
      const referralId = params.get('referral_id') ?? undefined;
      recordReferralClick({ code: referralCode, ...(referralId ? { referralId } : {}) }).catch(() => undefined);
    }
  }, []);

  // The friend's discount applies only when no discount code is (quotePrice), as the server charges it.
  const quote = quotePrice({
    service: service ?? { id: '', price: 0 },
    discount: applied,
    ...(referral ? { referralPercentage: referral.discountPercentage } : {}),
  });

  const pay = () =>
    service &&
    checkout.mutate(
      {
        ...(sale ? sale : { serviceType: service.id }),
        ...(applied ? { discountCode: applied.code } : {}),
        ...(referral ? { referralCode: referral.code } : {}),
      },
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
        {sale ? (
          <Container header={<Header variant="h2">Your class</Header>}>
            {classSold.isPending ? (
              <StatusIndicator type="loading">Loading the class</StatusIndicator>
            ) : classSold.isError ? (
              <SpaceBetween size="xs" direction="horizontal" alignItems="center">
                <StatusIndicator type="error">{classSold.error.message || 'Error loading the class'}</StatusIndicator>
                <Button onClick={() => void classSold.refetch()}>Retry</Button>
              </SpaceBetween>
            ) : !classSold.data.price ? (
              <Box>This class is not sold for money: enrol with session credits in your classes.</Box>
            ) : (
              <KeyValuePairs
                columns={3}
                items={[
                  { label: 'Class', value: classSold.data.title },
                  { label: 'Dog', value: dog.data?.name ?? '…' },
                  { label: 'A seat', value: seatCostText(classSold.data) },
                ]}
              />
            )}
          </Container>
        ) : (
          <Container header={<Header variant="h2">Choose a service</Header>}>
            {services.isPending ? (
              <StatusIndicator type="loading">Loading services</StatusIndicator>
            ) : services.isError ? (
              <SpaceBetween size="xs" direction="horizontal" alignItems="center">
                <StatusIndicator type="error">Error loading services</StatusIndicator>
                <Button onClick={() => void services.refetch()}>Retry</Button>
              </SpaceBetween>
            ) : offered.length === 0 ? (
              <Box>No services are offered at the moment.</Box>
            ) : (
              <Tiles
                ariaLabel="Service"
                value={service?.id ?? null}
                items={offered.map(tileOf)}
                columns={2}
                onChange={({ detail }) => setChosen(detail.value)}
              />
            )}
          </Container>
        )}
        {/* The rest comes with the services, not before them: nothing moves down when they arrive (CLS). */}
        {!itemsPending && (
          <>
            <ColumnLayout columns={2}>
              <SpaceBetween size="l">
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
                <Container header={<Header variant="h2">Referral code</Header>}>
                  <form
                    onSubmit={(e) => {
                      e.preventDefault();
                      applyReferral(referralText);
                    }}
                  >
                    <FormField
                      label="Referral code"
                      description="A friend's code: 10% off your first service when no discount code is applied."
                      secondaryControl={
                        <Button
                          ariaLabel="Apply referral code"
                          loading={checkReferral.isPending}
                          disabled={!referralText.trim()}
                        >
                          Apply
                        </Button>
                      }
                    >
                      <Input
                        value={referralText}
                        onChange={({ detail }) => {
                          setReferralText(detail.value.toUpperCase());
                          setReferral(undefined);
                        }}
                      />
                    </FormField>
                  </form>
                </Container>
              </SpaceBetween>
              <Container header={<Header variant="h2">Order summary</Header>}>
                <SpaceBetween size="m">
                  <KeyValuePairs
                    columns={1}
                    items={[
                      { label: service?.name ?? 'Service', value: formatDollars(quote.priceCents) },
                      {
                        label: applied
                          ? `Discount (${applied.code})`
                          : quote.discountSource === 'referral' && referral
                            ? `Referral discount (${referral.code})`
                            : 'Discount',
                        value: quote.discountCents ? `−${formatDollars(quote.discountCents)}` : formatDollars(0),
                      },
                      { label: 'Total', value: <b>{formatDollars(quote.totalCents)}</b> },
                    ]}
                  />
                  <Button variant="primary" loading={checkout.isPending} disabled={!service} onClick={pay}>
                    Pay {formatDollars(quote.totalCents)}
                  </Button>
                </SpaceBetween>
              </Container>
            </ColumnLayout>
            <Box variant="small">Payments are processed securely by Stripe; card details never reach this site.</Box>
            <PaymentHistory />
          </>
        )}
      </SpaceBetween>
    </ContentLayout>
  );
}
