import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import { useMemo, useState } from 'react';
import { PAYMENT_STATUSES, type PaymentStatus, SERVICE_TYPES, SERVICES } from '#shared/contracts/payment-options';
import { formatDollars } from '#shared/domain/pricing';
import { Seo } from '../../../components/seo';
import { useBusinessSettings } from '../../../lib/queries/business-settings';
import { useClientList } from '../../../lib/queries/clients';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { type PaymentFilter, usePaymentLedger, usePaymentTotals } from '../api/ledger';
import { PaymentsTable, STATUS_LABELS } from './payments-table';

const ALL = { value: '', label: 'All' };
const ANY_MONTH = { value: '', label: 'Any month' };

const monthLabel = (month: string) =>
  new Date(`${month}-15T12:00:00Z`).toLocaleDateString('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** The latest 24 months (`YYYY-MM`), this one first, for the month filter. */
function recentMonths(now = new Date()): string[] {
  return Array.from({ length: 24 }, (_, i) => {
    const d = new Date(Date.UTC(now.getFullYear(), now.getMonth() - i, 15));
    return `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

/** A date (YYYY-MM-DD) picked in the browser as the instant its day starts or ends there. */
const dayStart = (date: string) => (date ? new Date(`${date}T00:00:00`).toISOString() : undefined);
const dayEnd = (date: string) => (date ? new Date(`${date}T23:59:59.999`).toISOString() : undefined);

/** The paid amount per month: the latest 12, this one first. */
function MonthTotals() {
  const totals = usePaymentTotals(12);
  return (
    <Container
      header={
        <Header variant="h2" description="Payments paid in each month (business time zone).">
          Paid by month
        </Header>
      }
    >
      {totals.isPending ? (
        <Spinner />
      ) : totals.isError ? (
        <Box color="text-status-error">Totals could not be loaded.</Box>
      ) : (
        <ColumnLayout columns={4} variant="text-grid" minColumnWidth={140}>
          {totals.data.months.map((m) => (
            <div key={m.month} data-month={m.month}>
              <Box variant="awsui-key-label">{monthLabel(m.month)}</Box>
              <Box fontSize="heading-m" fontWeight="bold">
                {formatDollars(m.paidCents)}
              </Box>
              <Box color="text-body-secondary" fontSize="body-s">
                {m.paidCount === 1 ? '1 payment' : `${m.paidCount} payments`}
              </Box>
            </div>
          ))}
        </ColumnLayout>
      )}
    </Container>
  );
}

/** The client filter: the client book searched on the server as the trainer types. */
function ClientFilter({ value, onChange }: { value: SelectProps.Option; onChange: (o: SelectProps.Option) => void }) {
  const [text, setText] = useState('');
  const search = useDebouncedValue(text, 300);
  const clients = useClientList('all', search);
  const options = [
    ALL,
    ...(clients.data?.pages.flatMap((p) => p.items) ?? []).map((c) => ({
      value: c.id,
      label: `${c.firstName} ${c.lastName ?? ''}`.trim(),
      description: c.email,
    })),
  ];
  return (
    <FormField label="Client">
      <Select
        selectedOption={value}
        options={options}
        onChange={({ detail }) => onChange(detail.selectedOption)}
        filteringType="manual"
        filteringAriaLabel="Search clients"
        filteringPlaceholder="Search by name or email"
        onLoadItems={({ detail }) => {
          if (detail.filteringText !== text) setText(detail.filteringText);
          else if (clients.hasNextPage && !clients.isFetchingNextPage) void clients.fetchNextPage();
        }}
        statusType={clients.isPending || clients.isFetching ? 'loading' : clients.hasNextPage ? 'pending' : 'finished'}
        loadingText="Loading clients"
        empty="No clients found"
      />
    </FormField>
  );
}

/** /dashboard/payments (admin): every payment newest first, filtered on the server, and the totals by month. */
export function PaymentsListPage() {
  const [status, setStatus] = useState<SelectProps.Option>(ALL);
  const [service, setService] = useState<SelectProps.Option>(ALL);
  const [client, setClient] = useState<SelectProps.Option>(ALL);
  const [month, setMonth] = useState<SelectProps.Option>(ANY_MONTH);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const months = useMemo(() => recentMonths(), []);
  // Every service the business has sold (retired ones too: their payments stay); the built-ins until loaded.
  const services = useBusinessSettings().data?.settings.services ?? SERVICE_TYPES.map((id) => SERVICES[id]);

  const filter: PaymentFilter = {
    status: (status.value || undefined) as PaymentStatus | undefined,
    service: service.value || undefined,
    clientId: client.value || undefined,
    month: month.value || undefined,
    from: dayStart(from),
    to: dayEnd(to),
  };
  const ledger = usePaymentLedger(filter);
  const filtered = !!(status.value || service.value || client.value || month.value || from || to);
  const clear = () => {
    for (const set of [setStatus, setService, setClient]) set(ALL);
    setMonth(ANY_MONTH);
    setFrom('');
    setTo('');
  };

  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Every payment, newest first, with the amount paid each month.">
          Payments
        </Header>
      }
    >
      <Seo title="Payments | Pawsitive Portal" description="Payments" robots="noindex, nofollow" />
      <SpaceBetween size="l">
        <MonthTotals />
        <PaymentsTable
          ledger={ledger}
          header={<Header variant="h2">All payments</Header>}
          emptyText={filtered ? 'No payments match these filters.' : 'No payments yet.'}
          filter={
            <ColumnLayout columns={3} minColumnWidth={180}>
              <FormField label="Status">
                <Select
                  selectedOption={status}
                  onChange={({ detail }) => setStatus(detail.selectedOption)}
                  options={[ALL, ...PAYMENT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))]}
                />
              </FormField>
              <FormField label="Service">
                <Select
                  selectedOption={service}
                  onChange={({ detail }) => setService(detail.selectedOption)}
                  options={[
                    ALL,
                    ...services.map((s) => ({ value: s.id, label: s.retired ? `${s.name} (retired)` : s.name })),
                  ]}
                />
              </FormField>
              <ClientFilter value={client} onChange={setClient} />
              <FormField label="Month">
                <Select
                  selectedOption={month}
                  onChange={({ detail }) => setMonth(detail.selectedOption)}
                  options={[
                    { value: '', label: 'Any month' },
                    ...months.map((m) => ({ value: m, label: monthLabel(m) })),
                  ]}
                />
              </FormField>
              <FormField label="From">
                <DatePicker
                  value={from}
                  onChange={({ detail }) => setFrom(detail.value)}
                  placeholder="YYYY/MM/DD"
                  openCalendarAriaLabel={(d) => `Choose the first day${d ? `, selected date is ${d}` : ''}`}
                />
              </FormField>
              <FormField label="To">
                <SpaceBetween direction="horizontal" size="xs">
                  <DatePicker
                    value={to}
                    onChange={({ detail }) => setTo(detail.value)}
                    placeholder="YYYY/MM/DD"
                    openCalendarAriaLabel={(d) => `Choose the last day${d ? `, selected date is ${d}` : ''}`}
                    isDateEnabled={(d) => !from || d >= new Date(`${from}T00:00:00`)}
                  />
                  <Button onClick={clear} disabled={!filtered}>
                    Clear filters
                  </Button>
                </SpaceBetween>
              </FormField>
            </ColumnLayout>
          }
          showClient
        />
      </SpaceBetween>
    </ContentLayout>
  );
}
