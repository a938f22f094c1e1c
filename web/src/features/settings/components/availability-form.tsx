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
import { type FormEvent, useId, useState } from 'react';
import {
  APPROVAL_LABELS,
  APPROVAL_MODES,
  type ApprovalMode,
  type Availability,
  type AvailabilityException,
  BOOKING_TEXTS,
  BUFFER_OPTIONS,
  MAX_EXCEPTIONS,
  type TimeRange,
  WEEKDAY_LABELS,
} from '../../../../../shared/contracts/booking-options';
import { SESSION_DURATIONS, SESSION_TYPE_LABELS, SESSION_TYPES } from '../../../../../shared/contracts/session-options';
import { ApiError } from '../../../lib/api';
import { useToasts } from '../../../lib/toasts';
import { useAvailability, useSaveAvailability } from '../api/availability';
import { DayRanges, fieldLabelId, HiddenName } from './availability-ranges';
import { TabLoadError, TabLoading } from './settings-states';

/**
 * Settings → Business → Availability (docs/decisions/0034-online-booking.md): when clients may book, in
 * the business time zone. Each weekday and each exception has its ranges of hours in time inputs; the
 * server checks every range, and its messages are shown next to the day or field they are about.
 */

/** The first server message about `key` or anything under it (`weeklyHours.1` covers `weeklyHours.1.0.start`). */
function messageFor(fields: Record<string, string[]>, key: string) {
  const found = Object.entries(fields).find(([k]) => k === key || k.startsWith(`${key}.`));
  return found?.[1][0];
}

function AvailabilityForm({ initial }: { initial: Availability }) {
  const { notify } = useToasts();
  const save = useSaveAvailability();
  const [hours, setHours] = useState<TimeRange[][]>(initial.weeklyHours);
  const [closed, setClosed] = useState(initial.closedDates.join(', '));
  const [exceptions, setExceptions] = useState<AvailabilityException[]>(initial.exceptions);
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
  const [fields, setFields] = useState<Record<string, string[]>>({});
  const fieldError = (key: string) => messageFor(fields, key);
  const uid = useId();
  const setException = (i: number, part: Partial<AvailabilityException>) =>
    setExceptions((es) => es.map((e, j) => (j === i ? { ...e, ...part } : e)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setFields({});
    const body: Availability = {
      weeklyHours: hours,
      closedDates: closed
        .split(',')
        .map((d) => d.trim())
        .filter(Boolean),
      exceptions: exceptions.map((x) => ({ date: x.date.trim(), ranges: x.ranges })),
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
      const found = err instanceof ApiError ? (err.fields ?? {}) : {};
      setFields(found);
      setError(Object.values(found).flat()[0] ?? (err instanceof ApiError ? err.message : BOOKING_TEXTS.saveFailed));
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
                controlId={`${uid}-day-${i}`}
                description={i === 0 ? 'In 24-hour time; an end of 00:00 is midnight' : undefined}
                errorText={fieldError(`weeklyHours.${i}`)}
              >
                <DayRanges
                  label={day}
                  labelId={fieldLabelId(`${uid}-day-${i}`)}
                  ranges={hours[i]}
                  empty="Closed"
                  onChange={(ranges) => setHours((h) => h.map((x, j) => (j === i ? ranges : x)))}
                />
              </FormField>
            ))}
          </ColumnLayout>
          <FormField
            label="Days off"
            description="Dates, YYYY-MM-DD, separated by commas"
            errorText={fieldError('closedDates')}
          >
            <Input value={closed} onChange={({ detail }) => setClosed(detail.value)} />
          </FormField>
          <FormField
            label="Exceptions"
            description="Dates with hours of their own instead of their weekday's; no hours: closed that day"
            errorText={fields.exceptions?.[0]}
          >
            <SpaceBetween size="m">
              {exceptions.map((x, i) => (
                <FormField
                  // biome-ignore lint/suspicious/noArrayIndexKey: an exception is its position until saved
                  key={i}
                  label={`Exception ${i + 1}`}
                  controlId={`${uid}-exception-${i}-field`}
                  errorText={fieldError(`exceptions.${i}`)}
                >
                  <SpaceBetween size="xs">
                    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                      <div className="availability-date">
                        <HiddenName id={`${uid}-exception-${i}`}>date</HiddenName>
                        <Input
                          placeholder="YYYY-MM-DD"
                          controlId={`${uid}-exception-${i}-date`}
                          ariaLabelledby={`${fieldLabelId(`${uid}-exception-${i}-field`)} ${uid}-exception-${i}`}
                          value={x.date}
                          onChange={({ detail }) => setException(i, { date: detail.value })}
                        />
                      </div>
                      <Button
                        variant="icon"
                        formAction="none"
                        iconName="remove"
                        ariaLabel={`Remove exception ${i + 1}`}
                        onClick={() => setExceptions((es) => es.filter((_, j) => j !== i))}
                      />
                    </SpaceBetween>
                    <DayRanges
                      label={`exception ${i + 1}`}
                      labelId={fieldLabelId(`${uid}-exception-${i}-field`)}
                      ranges={x.ranges}
                      empty="Closed all day"
                      onChange={(ranges) => setException(i, { ranges })}
                    />
                  </SpaceBetween>
                </FormField>
              ))}
              <Button
                iconName="add-plus"
                formAction="none"
                disabled={exceptions.length >= MAX_EXCEPTIONS}
                onClick={() => setExceptions((es) => [...es, { date: '', ranges: [] }])}
              >
                Add exception
              </Button>
            </SpaceBetween>
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
            <FormField label="Buffer between sessions" errorText={fieldError('bufferMinutes')}>
              <Select
                selectedOption={{ value: buffer, label: `${buffer} minutes` }}
                options={BUFFER_OPTIONS.map((b) => ({ value: String(b), label: `${b} minutes` }))}
                onChange={({ detail }) => setBuffer(detail.selectedOption.value ?? '0')}
              />
            </FormField>
            <FormField label="Minimum notice (hours)" errorText={fieldError('minNoticeHours')}>
              <Input
                type="number"
                inputMode="numeric"
                value={notice}
                onChange={({ detail }) => setNotice(detail.value)}
              />
            </FormField>
            <FormField label="Book ahead (days)" errorText={fieldError('horizonDays')}>
              <Input
                type="number"
                inputMode="numeric"
                value={horizon}
                onChange={({ detail }) => setHorizon(detail.value)}
              />
            </FormField>
            <FormField label="Cancellation cut-off (hours)" errorText={fieldError('cancellationCutoffHours')}>
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
