import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { type FormEvent, useState } from 'react';
import {
  APPROVAL_LABELS,
  APPROVAL_MODES,
  type ApprovalMode,
  type Availability,
  BOOKING_TEXTS,
  BUFFER_OPTIONS,
  type TimeRange,
  WEEKDAY_LABELS,
} from '../../../../../shared/contracts/booking-options';
import { SESSION_DURATIONS, SESSION_TYPE_LABELS, SESSION_TYPES } from '../../../../../shared/contracts/session-options';
import { ApiError } from '../../../lib/api';
import { useToasts } from '../../../lib/toasts';
import { useAvailability, useSaveAvailability } from '../api/availability';
import { TabLoadError, TabLoading } from './settings-states';

/**
 * Settings → Business → Availability (docs/decisions/0034-online-booking.md): when clients may book, in
 * the business time zone. Hours are typed as "09:00-12:00, 13:00-17:00"; the server checks every range.
 */

const rangesText = (rs: readonly TimeRange[]) => rs.map((r) => `${r.start}-${r.end}`).join(', ');
const parseRanges = (text: string): TimeRange[] =>
  text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const [start = '', end = ''] = p.split('-').map((x) => x.trim());
      return { start, end };
    });

/** "2026-12-24: 09:00-12:00" or "2026-12-24: closed", one a line. */
const exceptionsText = (a: Availability) =>
  a.exceptions.map((e) => `${e.date}: ${e.ranges.length ? rangesText(e.ranges) : 'closed'}`).join('\n');
const parseExceptions = (text: string) =>
  text
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
    .map((l) => {
      const [date = '', rest = ''] = l.split(/:\s(.*)/s);
      return { date: date.trim(), ranges: /^closed$/i.test(rest.trim()) ? [] : parseRanges(rest) };
    });

function AvailabilityForm({ initial }: { initial: Availability }) {
  const { notify } = useToasts();
  const save = useSaveAvailability();
  const [hours, setHours] = useState(initial.weeklyHours.map(rangesText));
  const [closed, setClosed] = useState(initial.closedDates.join(', '));
  const [exceptions, setExceptions] = useState(exceptionsText(initial));
  const [types, setTypes] = useState(
    Object.fromEntries(
      SESSION_TYPES.map((t) => [t, initial.bookableTypes.find((b) => b.sessionType === t)?.durationMinutes ?? 0]),
    ) as Record<(typeof SESSION_TYPES)[number], number>,
  );
  const [buffer, setBuffer] = useState(String(initial.bufferMinutes));
  const [notice, setNotice] = useState(String(initial.minNoticeHours));
  const [horizon, setHorizon] = useState(String(initial.horizonDays));
  const [cutoff, setCutoff] = useState(String(initial.cancellationCutoffHours));
  const [approval, setApproval] = useState<ApprovalMode>(initial.approval);
  const [error, setError] = useState<string | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const body: Availability = {
      weeklyHours: hours.map(parseRanges),
      closedDates: closed
        .split(',')
        .map((d) => d.trim())
        .filter(Boolean),
      exceptions: parseExceptions(exceptions),
      bookableTypes: SESSION_TYPES.filter((t) => types[t] > 0).map((t) => ({
        sessionType: t,
        durationMinutes: types[t],
      })),
      bufferMinutes: Number(buffer),
      minNoticeHours: Number(notice),
      horizonDays: Number(horizon),
      cancellationCutoffHours: Number(cutoff),
      approval,
    };
    try {
      await save.mutateAsync(body);
      notify({ type: 'success', content: BOOKING_TEXTS.saved });
    } catch (err) {
      const fields = err instanceof ApiError ? Object.values(err.fields ?? {}).flat() : [];
      setError(fields[0] ?? (err instanceof ApiError ? err.message : BOOKING_TEXTS.saveFailed));
      notify({ type: 'error', content: BOOKING_TEXTS.saveFailed });
    }
  };

  const durationOptions = [
    { value: '0', label: 'Not bookable' },
    ...SESSION_DURATIONS.map((d) => ({ value: String(d), label: `${d} minutes` })),
  ];

  return (
    <form onSubmit={submit} aria-label="Availability">
      <Container
        header={
          <Header
            variant="h2"
            description="When clients may book online, in the business time zone."
            actions={
              <Button variant="primary" formAction="submit" loading={save.isPending}>
                Save availability
              </Button>
            }
          >
            Availability
          </Header>
        }
      >
        <SpaceBetween size="l">
          <ColumnLayout columns={2}>
            {WEEKDAY_LABELS.map((day, i) => (
              <FormField
                key={day}
                label={day}
                description={i === 0 ? 'For example 09:00-12:00, 13:00-17:00' : undefined}
              >
                <Input
                  value={hours[i]}
                  ariaLabel={`${day} hours`}
                  placeholder="Closed"
                  onChange={({ detail }) => setHours((h) => h.map((x, j) => (j === i ? detail.value : x)))}
                />
              </FormField>
            ))}
          </ColumnLayout>
          <FormField label="Days off" description="Dates, YYYY-MM-DD, separated by commas">
            <Input value={closed} onChange={({ detail }) => setClosed(detail.value)} />
          </FormField>
          <FormField label="Exceptions" description="One a line: 2026-12-24: 09:00-12:00, or 2026-12-24: closed">
            <Textarea value={exceptions} rows={3} onChange={({ detail }) => setExceptions(detail.value)} />
          </FormField>
          <ColumnLayout columns={3}>
            {SESSION_TYPES.map((t) => (
              <FormField key={t} label={`${SESSION_TYPE_LABELS[t]} online`}>
                <Select
                  ariaLabel={`${SESSION_TYPE_LABELS[t]} duration`}
                  selectedOption={durationOptions.find((o) => o.value === String(types[t])) ?? durationOptions[0]}
                  options={durationOptions}
                  onChange={({ detail }) => setTypes((x) => ({ ...x, [t]: Number(detail.selectedOption.value) }))}
                />
              </FormField>
            ))}
          </ColumnLayout>
          <ColumnLayout columns={4}>
            <FormField label="Buffer between sessions">
              <Select
                selectedOption={{ value: buffer, label: `${buffer} minutes` }}
                options={BUFFER_OPTIONS.map((b) => ({ value: String(b), label: `${b} minutes` }))}
                onChange={({ detail }) => setBuffer(detail.selectedOption.value ?? '0')}
              />
            </FormField>
            <FormField label="Minimum notice (hours)">
              <Input
                type="number"
                inputMode="numeric"
                value={notice}
                onChange={({ detail }) => setNotice(detail.value)}
              />
            </FormField>
            <FormField label="Book ahead (days)">
              <Input
                type="number"
                inputMode="numeric"
                value={horizon}
                onChange={({ detail }) => setHorizon(detail.value)}
              />
            </FormField>
            <FormField label="Cancellation cut-off (hours)">
              <Input
                type="number"
                inputMode="numeric"
                value={cutoff}
                onChange={({ detail }) => setCutoff(detail.value)}
              />
            </FormField>
          </ColumnLayout>
          <FormField label="New requests">
            <RadioGroup
              value={approval}
              items={APPROVAL_MODES.map((m) => ({ value: m, label: APPROVAL_LABELS[m] }))}
              onChange={({ detail }) => setApproval(detail.value as ApprovalMode)}
            />
          </FormField>
          {error && <Alert type="error">{error}</Alert>}
        </SpaceBetween>
      </Container>
    </form>
  );
}

/** The availability container of Settings → Business. */
export function AvailabilitySection() {
  const query = useAvailability();
  if (query.isPending) return <TabLoading>Loading availability</TabLoading>;
  if (query.isError)
    return (
      <TabLoadError header="Error loading availability" error={query.error} onRetry={() => void query.refetch()} />
    );
  return <AvailabilityForm initial={query.data.availability} />;
}
