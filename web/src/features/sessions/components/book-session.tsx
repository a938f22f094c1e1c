import './sessions.css';
import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Spinner from '@cloudscape-design/components/spinner';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { BOOKING_TEXTS } from '#shared/contracts/booking-options';
import { WRITE_TO_TRAINER, WRITE_TO_TRAINER_PATH } from '#shared/contracts/message-options';
import { SESSION_TYPE_LABELS, type SessionType } from '#shared/contracts/session-options';
import { RouterLink } from '../../../components/portal/router-link';
import { ApiError } from '../../../lib/api';
import { BUILTIN_BUSINESS_INFO, loadBusinessInfo } from '../../../lib/business-info';
import { creditsText, useMyCredits } from '../../../lib/queries/credits';
import { useToasts } from '../../../lib/toasts';
import { useMyDogList, useOpenTimes, useRequestBooking } from '../api/bookings';
import { dayFormat, timeFormat, whenText } from './my-bookings';
import { VaccinationWarning } from './vaccination-warning';

/** The viewer's own time zone (the browser's), in which the times are shown. */
const ownZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

const dateKey = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', day: '2-digit' });

/** The open times grouped by the viewer's own day, in order. */
function byDay(times: readonly string[]) {
  const days = new Map<string, { label: string; times: string[] }>();
  for (const t of times) {
    const d = new Date(t);
    const key = dateKey.format(d);
    const day = days.get(key) ?? { label: dayFormat.format(d), times: [] };
    day.times.push(t);
    days.set(key, day);
  }
  return [...days.entries()].map(([key, v]) => ({ key, ...v }));
}

/**
 * Nothing to book (online booking off, or no open time in the weeks shown): says so and offers a message
 * to the trainer: a conversation in the portal, or the business's own e-mail or phone (Settings → Business).
 */
function NoOpenTimes() {
  const info = useQuery({ queryKey: ['public', 'business', 'info'], queryFn: loadBusinessInfo, staleTime: 300_000 });
  const business = { ...BUILTIN_BUSINESS_INFO, ...info.data };
  const mailto = `mailto:${business.email}?subject=${encodeURIComponent(BOOKING_TEXTS.messageSubject)}`;
  return (
    <Alert type="info" header="No open times">
      <SpaceBetween size="xs">
        <span>{BOOKING_TEXTS.noOpenTimes}</span>
        <span className="booking-contact">
          <RouterLink href={WRITE_TO_TRAINER_PATH}>{WRITE_TO_TRAINER}</RouterLink>
          <a href={mailto}>{BOOKING_TEXTS.messageTrainer}</a>
          <a href={business.phoneHref}>Call {business.phone}</a>
        </span>
      </SpaceBetween>
    </Alert>
  );
}

/** "Book a session" on the client's /sessions: dog, type, open times by day, request. */
export function BookSession() {
  const { notify } = useToasts();
  const dogs = useMyDogList();
  const [dogId, setDogId] = useState<string | null>(null);
  const [type, setType] = useState<SessionType | undefined>(undefined);
  const [chosen, setChosen] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const open = useOpenTimes(type);
  const credits = useMyCredits();
  const request = useRequestBooking();
  // Another type's times still on their way: the last answer's are not theirs.
  const loading = open.isPending || open.isPlaceholderData;
  const days = useMemo(() => byDay(loading ? [] : (open.data?.times ?? [])), [open.data, loading]);
  const dogOptions = (dogs.data?.items ?? []).map((d) => ({ value: d.id, label: d.name }));
  const dog = dogOptions.find((o) => o.value === (dogId ?? dogOptions[0]?.value)) ?? null;
  const types = open.data?.bookableTypes ?? [];
  const sessionType = type ?? open.data?.sessionType ?? undefined;
  const chosenType = types.find((t) => t.sessionType === sessionType);
  const typeOption = (t: { sessionType: SessionType; durationMinutes: number }) => ({
    value: t.sessionType,
    label: `${SESSION_TYPE_LABELS[t.sessionType]} (${t.durationMinutes} min)`,
  });
  const balance = credits.data?.credits.balance;
  const held = credits.data?.credits.held ?? 0;
  const noCredit = balance !== undefined && balance < 1;

  // Online booking is off: nothing to choose, only what to do instead.
  if (open.data && types.length === 0)
    return (
      <Container header={<Header variant="h2">Book a session</Header>}>
        <NoOpenTimes />
      </Container>
    );

  const submit = async () => {
    if (!chosen || !dog || !sessionType) return;
    setProblem(null);
    try {
      const booking = await request.mutateAsync({ dogId: dog.value, sessionType, scheduledAt: chosen });
      notify({
        type: 'success',
        content: booking.status === 'approved' ? BOOKING_TEXTS.confirmed : BOOKING_TEXTS.requested,
      });
      setChosen(null);
    } catch (e) {
      setProblem(e instanceof ApiError ? e.message : BOOKING_TEXTS.loadFailed);
      setChosen(null);
    }
  };

  return (
    <Container
      header={
        <Header
          variant="h2"
          description={`Times are shown in your time zone (${ownZone()}). The trainer works in ${open.data?.timeZone ?? '…'}.`}
        >
          Book a session
        </Header>
      }
    >
      <SpaceBetween size="m">
        <ColumnLayout columns={3}>
          <FormField label="Dog">
            <Select
              selectedOption={dog}
              options={dogOptions}
              placeholder="Choose a dog"
              statusType={dogs.isPending ? 'loading' : 'finished'}
              onChange={({ detail }) => setDogId(detail.selectedOption.value ?? null)}
            />
          </FormField>
          <FormField label="Session type">
            <Select
              selectedOption={chosenType ? typeOption(chosenType) : null}
              options={types.map(typeOption)}
              onChange={({ detail }) => {
                setType(detail.selectedOption.value as SessionType);
                setChosen(null);
              }}
            />
          </FormField>
          <FormField label="Session credits">
            <Box padding={{ top: 'xs' }}>
              {balance === undefined ? <Spinner /> : creditsText(balance)}
              {held > 0 && ` (${held} held by your bookings)`}
            </Box>
          </FormField>
        </ColumnLayout>
        {noCredit && (
          <Alert
            type="info"
            action={<RouterLink href="/payment?service=single_session">Buy a single session</RouterLink>}
          >
            {BOOKING_TEXTS.noCredit}
          </Alert>
        )}
        {problem && (
          <Alert type="error" dismissible onDismiss={() => setProblem(null)}>
            {problem}
            {problem === BOOKING_TEXTS.noCredit && (
              <>
                {' '}
                <RouterLink href="/payment?service=single_session">Buy a single session</RouterLink>
              </>
            )}
          </Alert>
        )}
        {chosen && (
          <SpaceBetween size="s">
            <VaccinationWarning
              dog={dog && { id: dog.value, label: dog.label }}
              date={dateKey.format(new Date(chosen))}
            />
            <Alert
              type="info"
              header={`Request ${whenText(chosen)}?`}
              action={
                <SpaceBetween direction="horizontal" size="xs">
                  <Button onClick={() => setChosen(null)}>Back</Button>
                  <Button variant="primary" loading={request.isPending} disabled={noCredit} onClick={submit}>
                    Request this time
                  </Button>
                </SpaceBetween>
              }
            >
              {dog?.label}, {sessionType ? SESSION_TYPE_LABELS[sessionType] : ''}, {chosenType?.durationMinutes}{' '}
              minutes.
            </Alert>
          </SpaceBetween>
        )}
        {loading ? (
          <StatusIndicator type="loading">Loading open times</StatusIndicator>
        ) : open.isError ? (
          <StatusIndicator type="error">{BOOKING_TEXTS.loadFailed}</StatusIndicator>
        ) : days.length === 0 ? (
          <NoOpenTimes />
        ) : (
          <section className="open-times" aria-label="Open times">
            {days.map((d) => (
              <section key={d.key} aria-label={d.label} className="open-times-day">
                <Box variant="h4" tagOverride="h3">
                  {d.label}
                </Box>
                <div className="open-times-slots">
                  {d.times.map((t) => (
                    <Button key={t} variant={chosen === t ? 'primary' : 'normal'} onClick={() => setChosen(t)}>
                      {timeFormat.format(new Date(t))}
                    </Button>
                  ))}
                </div>
              </section>
            ))}
          </section>
        )}
      </SpaceBetween>
    </Container>
  );
}
