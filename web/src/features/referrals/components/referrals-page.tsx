import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useState } from 'react';
import { DEFAULT_REFERRAL_PERCENTAGE } from '#shared/contracts/payment-options';
import { REFERRAL_COMMISSION, REFERRAL_TEXTS, type Referral } from '#shared/contracts/referral-options';
import { formatDollars } from '#shared/domain/pricing';
import { PlainTable } from '../../../components/portal/plain-table';
import { Seo } from '../../../components/seo';
import { ApiError } from '../../../lib/api';
import { copyToClipboard } from '../../../lib/clipboard';
import { useToasts } from '../../../lib/toasts';
import { useMyReferrals, useSendReferral } from '../api/referrals';

const STATUS: Record<Referral['status'], { type: 'pending' | 'info' | 'success'; label: string }> = {
  sent: { type: 'pending', label: 'Sent' },
  clicked: { type: 'info', label: 'Clicked' },
  converted: { type: 'success', label: 'Converted' },
};

const STEPS = [
  ['Share your code', 'Send your referral code to a friend by e-mail below, or copy it and share it yourself.'],
  [
    'Your friend saves',
    `They get ${DEFAULT_REFERRAL_PERCENTAGE}% off their first service when they pay with your code.`,
  ],
  ['You earn', `You receive a ${formatDollars(REFERRAL_COMMISSION * 100)} commission when they book.`],
] as const;

/**
 * /referrals (client): Referral Program. How it works, the client's own code (made by the server on the
 * first visit) with Copy Code, Send a Referral by e-mail, and the history of referrals sent (sent,
 * clicked, converted with the commission).
 */
export function ReferralsPage() {
  const { notify } = useToasts();
  const mine = useMyReferrals();
  const send = useSendReferral();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState('');
  const code = mine.data?.code ?? '';

  const copy = async () => {
    const ok = await copyToClipboard(code);
    notify(
      ok ? { type: 'success', content: REFERRAL_TEXTS.copied } : { type: 'error', content: REFERRAL_TEXTS.copyFailed },
    );
  };

  const submit = () => {
    if (!email.trim()) {
      setEmailError(REFERRAL_TEXTS.emailRequired);
      return;
    }
    send.mutate(email.trim(), {
      onSuccess: () => {
        setEmail('');
        notify({ type: 'success', content: REFERRAL_TEXTS.sent });
      },
      onError: (e) => {
        if (e instanceof ApiError && e.status === 400) setEmailError(e.message);
        notify({ type: 'error', content: REFERRAL_TEXTS.sendFailed });
      },
    });
  };

  const loadError =
    mine.error instanceof ApiError && mine.error.status === 503
      ? REFERRAL_TEXTS.generateFailed
      : REFERRAL_TEXTS.loadFailed;

  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Refer a friend: they save on their first service, you earn a reward.">
          Referral Program
        </Header>
      }
    >
      <Seo title="Referral Program | Pawsitive Portal" description="Referral Program" robots="noindex, nofollow" />
      <SpaceBetween size="l">
        <Container header={<Header variant="h2">How it works</Header>}>
          <ColumnLayout columns={3} variant="text-grid">
            {STEPS.map(([title, text], i) => (
              <SpaceBetween size="xxs" key={title}>
                <Box variant="h3">
                  {i + 1}. {title}
                </Box>
                <Box variant="p">{text}</Box>
              </SpaceBetween>
            ))}
          </ColumnLayout>
        </Container>
        {mine.isError ? (
          <Alert type="error" header={loadError} action={<Button onClick={() => void mine.refetch()}>Retry</Button>} />
        ) : null}
        <ColumnLayout columns={2}>
          <Container header={<Header variant="h2">Your referral code</Header>}>
            {mine.isPending ? (
              <Spinner size="normal" />
            ) : (
              <SpaceBetween size="m">
                <Box variant="h2" tagOverride="p" data-testid="referral-code">
                  {code || '—'}
                </Box>
                <Button iconName="copy" disabled={!code} onClick={() => void copy()}>
                  Copy Code
                </Button>
              </SpaceBetween>
            )}
          </Container>
          <Container header={<Header variant="h2">Send a Referral</Header>}>
            <form
              noValidate
              onSubmit={(e) => {
                e.preventDefault();
                submit();
              }}
            >
              <SpaceBetween size="m">
                <FormField label="Friend's email" errorText={emailError}>
                  <Input
                    type="email"
                    inputMode="email"
                    value={email}
                    placeholder="friend@example.com"
                    onChange={({ detail }) => {
                      setEmail(detail.value);
                      setEmailError('');
                    }}
                  />
                </FormField>
                <Button variant="primary" loading={send.isPending} disabled={!code}>
                  Send Referral
                </Button>
              </SpaceBetween>
            </form>
          </Container>
        </ColumnLayout>
        <PlainTable
          header={<Header variant="h2">Referral history</Header>}
          label="Referral history"
          items={mine.data?.referrals ?? []}
          loading={mine.isPending}
          loadingText="Loading referrals"
          columnDefinitions={[
            { id: 'email', header: 'Friend', isRowHeader: true, cell: (r) => r.referredEmail },
            { id: 'date', header: 'Sent', cell: (r) => new Date(r.createdAt).toLocaleDateString() },
            {
              id: 'status',
              header: 'Status',
              cell: (r) => <StatusIndicator type={STATUS[r.status].type}>{STATUS[r.status].label}</StatusIndicator>,
            },
            {
              id: 'commission',
              header: 'Commission',
              cell: (r) =>
                r.status === 'converted' ? formatDollars((r.commissionAmount ?? REFERRAL_COMMISSION) * 100) : '—',
            },
          ]}
          empty={
            <Box textAlign="center" color="inherit" padding="m">
              No referrals yet.
            </Box>
          }
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
