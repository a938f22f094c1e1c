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
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
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
} from '#shared/contracts/booking-options';
import { DEFAULT_CLASS_OFFER_HOLD_HOURS } from '#shared/contracts/class-options';
import { SESSION_DURATIONS, SESSION_TYPE_LABELS, SESSION_TYPES } from '#shared/contracts/session-options';
import { useTimeFormat } from '../../../components/portal/time-field';
import { ApiError } from '../../../lib/api';
import { useToasts } from '../../../lib/toasts';
import { useAvailability, useSaveAvailability } from '../api/availability';
import { DateField, DaysOff } from './availability-dates';
import { DayRanges, fieldLabelId } from './availability-ranges';
import { TabLoadError, TabLoading } from './settings-states';

/**
 * Settings → Business → Availability (docs/decisions/0034-online-booking.md): when clients may book, in
 * the business time zone. Each weekday and each exception has its ranges of hours in time inputs, each day
 * off and exception date a date picker. The form checks what it would send with the server's own schema
 * (`availabilityRequest`) and sends nothing while a check fails; its messages, and any the server still
 * returns, are shown next to the day or field they are about.
 */

type Fields = Record<string, string[]>;

/** The first message about `key` or anything under it (`weeklyHours.1` covers `weeklyHours.1.0.start`). */
function messageFor(fields: Fields, key: string) {
  const found = Object.entries(fields).find(([k]) => k === key || k.startsWith(`${key}.`));
  return found?.[1][0];
}

type Schema = typeof import('#shared/contracts/booking').availabilityRequest;

/** The server's schema (with zod), loaded with the first save: the screen's first load goes without it. */
let schema: Schema | undefined;
const loadSchema = async () => {
  schema ??= (await import('#shared/contracts/booking')).availabilityRequest;
  return schema;
};

/**
 * The schema's messages by field path, keyed as the server keys them (functions/lib/http.ts): none when
 * valid, and none before the schema has loaded (the checks show from the first save on).
 */
function problemsOf(body: Availability, request = schema): Fields {
  const found: Fields = {};
  for (const issue of request?.safeParse(body).error?.issues ?? []) {
    const key = issue.path.map(String).join('.') || '_';
    found[key] = [...(found[key] ?? []), issue.message];
  }
  return found;
}

/** A number field's text as sent: a blank field is no number (the check names it), not 0. */
/** The first day's hint: how times are typed and how midnight ends a day, in the trainer's clock. */
const MIDNIGHT_HINT = {
  '24h': 'In 24-hour time; an end of 00:00 is midnight',
  '12h': 'In 12-hour time; an end of 12:00 AM is midnight',
} as const;

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** What the server refused, kept beside the fields while the form still holds exactly that. */
interface Refusal {
  sent: string;
  fields: Fields;
  message: string;
}

function AvailabilityForm({ initial }: { initial: Availability }) {
  const { notify } = useToasts();
  const save = useSaveAvailability();
  const timeFormat = useTimeFormat();
  const [hours, setHours] = useState<TimeRange[][]>(initial.weeklyHours);
  const [closed, setClosed] = useState<string[]>(initial.closedDates);
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
  const [offerHold, setOfferHold] = useState(String(initial.classOfferHoldHours ?? DEFAULT_CLASS_OFFER_HOLD_HOURS));
  /** Once a save was tried with a failing check, the checks follow every change. */
  const [checking, setChecking] = useState(false);
  /** Counts the saves refused by the checks: each moves the focus to the first field in error. */
  const [refusedHere, setRefusedHere] = useState(0);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const uid = useId();
  const setException = (i: number, part: Partial<AvailabilityException>) =>
    setExceptions((es) => es.map((e, j) => (j === i ? { ...e, ...part } : e)));

  const body: Availability = {
    weeklyHours: hours,
    closedDates: closed,
    exceptions,
    bookableTypes: SESSION_TYPES.filter((t) => types[t] > 0).map((t) => ({
      sessionType: t,
      durationMinutes: types[t],
    })),
    bufferMinutes: Number(buffer),
    minNoticeHours: numberOf(notice),
    horizonDays: numberOf(horizon),
    cancellationCutoffHours: numberOf(cutoff),
    approval,
    classOfferHoldHours: numberOf(offerHold),
  };
  const problems = checking ? problemsOf(body) : {};
  const refused = refusal?.sent === JSON.stringify(body) ? refusal : null;
  const fields = Object.keys(problems).length > 0 ? problems : (refused?.fields ?? {});
  const fieldError = (key: string) => messageFor(fields, key);
  const error = Object.values(fields).flat()[0] ?? refused?.message;

  useEffect(() => {
    if (refusedHere > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusedHere]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (save.isPending) return;
    if (Object.keys(problemsOf(body, await loadSchema())).length > 0) {
      setChecking(true);
      setRefusedHere((n) => n + 1);
      return;
    }
    setChecking(false);
    setRefusal(null);
    try {
      await save.mutateAsync(body);
      notify({ type: 'success', content: BOOKING_TEXTS.saved });
    } catch (err) {
      const found = err instanceof ApiError ? (err.fields ?? {}) : {};
      setRefusal({
        sent: JSON.stringify(body),
        fields: found,
        message: err instanceof ApiError ? err.message : BOOKING_TEXTS.saveFailed,
      });
      notify({ type: 'error', content: BOOKING_TEXTS.saveFailed });
    }
  };

  const durationOptions = [
    { value: '0', label: 'Not bookable' },
    ...SESSION_DURATIONS.map((d) => ({ value: String(d), label: `${d} minutes` })),
  ];

  return (
    <form ref={formRef} onSubmit={submit} aria-label="Availability" noValidate>
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
                description={i === 0 ? MIDNIGHT_HINT[timeFormat] : undefined}
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
            controlId={`${uid}-closed`}
            description="Dates with no bookable time: type YYYY-MM-DD or choose in the calendar"
            errorText={fields.closedDates?.[0]}
          >
            <DaysOff
              labelId={fieldLabelId(`${uid}-closed`)}
              dates={closed}
              errors={closed.map((_, i) => fieldError(`closedDates.${i}`))}
              onChange={setClosed}
            />
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
                      <DateField
                        id={`${uid}-exception-${i}-date`}
                        labelId={fieldLabelId(`${uid}-exception-${i}-field`)}
                        name="date"
                        value={x.date}
                        onChange={(date) => setException(i, { date })}
                      />
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
            <FormField
              label="Class seat hold (hours)"
              description="How long a freed class seat is held for the first on the waitlist"
              errorText={fieldError('classOfferHoldHours')}
            >
              <Input
                type="number"
                inputMode="numeric"
                value={offerHold}
                onChange={({ detail }) => setOfferHold(detail.value)}
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
