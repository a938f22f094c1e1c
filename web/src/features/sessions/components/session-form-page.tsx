import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import { type FormEvent, lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { MESSAGE_TYPE_LABELS, type MessageType } from '#shared/contracts/message-options';
import {
  DEFAULT_SESSION_MINUTES,
  type HomeworkOption,
  MAX_SESSION_NOTES,
  SESSION_DURATIONS,
  SESSION_TYPE_LABELS,
  SESSION_TYPES,
  type SeriesRepeat,
  type SessionHomework,
  type SessionType,
} from '#shared/contracts/session-options';
import { DateInput } from '../../../components/portal/date-input';
import { RouterLink, useFollow } from '../../../components/portal/router-link';
import { clockHint, TimeField, useTimeFormat } from '../../../components/portal/time-field';
import { Seo } from '../../../components/seo';
import { ApiError } from '../../../lib/api';
import { zoneLongName } from '../../../lib/business-zone';
import { formatDate, fullName, REDIRECT_DELAY_MS } from '../../../lib/format';
import { useBusinessSettings } from '../../../lib/queries/business-settings';
import { useClientPicker } from '../../../lib/queries/clients';
import { useToasts } from '../../../lib/toasts';
import {
  type SessionInput,
  useClientHomework,
  useCreateSession,
  useDogsOfClient,
  useSession,
  useUpdateSession,
} from '../api/sessions';
import { type Choice, usePreselection } from './session-form-preselect';
import { ConflictWarning, NoCreditsWarning } from './session-form-warnings';

// Only an edit of a series' session offers it: the create form does not load it.
const FollowingField = lazy(() => import('./session-following').then((m) => ({ default: m.FollowingField })));

import {
  businessInstant,
  durationLabel,
  formFieldsOf,
  homeworkPreview,
  SESSIONS_PATH,
  todayKey,
  unknownHomeworkLabel,
} from './session-format';
import { RepeatField, repeatError } from './session-repeat';
import { VaccinationWarning } from './vaccination-warning';

export const REQUIRED = 'Please fill in all required fields';
export const PAST_DATE = 'Choose today or a later date';
const LOAD_FAILED = 'Failed to load session details';

const NO_HOMEWORK: SelectProps.Option = { value: '', label: 'No homework' };
const TYPE_OPTIONS = SESSION_TYPES.map((t) => ({ value: t, label: SESSION_TYPE_LABELS[t] }));

const messageTypeLabel = (t: string) => MESSAGE_TYPE_LABELS[t as MessageType] ?? t;

/** SPEC 5: homework messages grouped by type, homework first, then the other types alphabetically. */
export function groupHomework(items: HomeworkOption[]): SelectProps.OptionGroup[] {
  const byType = new Map<string, HomeworkOption[]>();
  for (const h of items) byType.set(h.messageType, [...(byType.get(h.messageType) ?? []), h]);
  const types = [...byType.keys()].sort((a, b) =>
    a === 'homework' ? -1 : b === 'homework' ? 1 : messageTypeLabel(a).localeCompare(messageTypeLabel(b)),
  );
  return types.map((t) => ({
    label: messageTypeLabel(t),
    options: (byType.get(t) ?? []).map((h) => ({
      value: h.id,
      label: h.subject,
      description: homeworkPreview(h),
      tags: [formatDate(h.sentAt)],
    })),
  }));
}

/** The Client field: active clients, found by the server's search for what the trainer types. */
function ClientField({
  value,
  onChange,
  invalid,
  disabled,
}: {
  value: Choice | null;
  onChange: (c: Choice) => void;
  invalid: boolean;
  disabled: boolean;
}) {
  const { items, pickerProps } = useClientPicker({ empty: 'No active clients', errorText: 'Failed to load clients' });
  const byId = new Map<string, Choice & { email?: string }>();
  for (const c of items) byId.set(c.id, { id: c.id, label: fullName(c), email: c.email });
  return (
    <FormField label="Client">
      <Select
        selectedOption={value ? { value: value.id, label: value.label } : null}
        options={[...byId.values()].map((c) => ({ value: c.id, label: c.label, description: c.email }))}
        onChange={({ detail }) => {
          const c = byId.get(detail.selectedOption.value ?? '');
          if (c) onChange({ id: c.id, label: c.label });
        }}
        placeholder="Choose a client"
        filteringAriaLabel="Search clients"
        filteringPlaceholder="Search by name or email"
        {...pickerProps}
        invalid={invalid}
        disabled={disabled}
      />
    </FormField>
  );
}

/** The Dog field: the chosen client's dogs (disabled until a client is chosen). */
function DogField({
  clientId,
  value,
  onChange,
  invalid,
  disabled,
}: {
  clientId: string | undefined;
  value: Choice | null;
  onChange: (d: Choice) => void;
  invalid: boolean;
  disabled: boolean;
}) {
  const dogs = useDogsOfClient(clientId);
  // SPEC 8: a failure to load the dogs is only logged.
  useEffect(() => {
    if (dogs.error) console.error('Failed to load dogs', dogs.error);
  }, [dogs.error]);
  const options = new Map<string, SelectProps.Option>();
  if (value) options.set(value.id, { value: value.id, label: value.label });
  for (const d of dogs.data?.pages.flatMap((p) => p.items) ?? []) {
    options.set(d.id, { value: d.id, label: d.name, description: d.breed });
  }
  return (
    <FormField label="Dog" description={clientId ? undefined : 'Choose a client first.'}>
      <Select
        selectedOption={value ? { value: value.id, label: value.label } : null}
        options={[...options.values()]}
        onChange={({ detail }) =>
          onChange({ id: detail.selectedOption.value ?? '', label: detail.selectedOption.label ?? '' })
        }
        placeholder="Choose a dog"
        statusType={clientId && dogs.isPending ? 'loading' : dogs.isFetchingNextPage ? 'pending' : 'finished'}
        loadingText="Loading dogs"
        empty="This client has no dogs yet"
        invalid={invalid}
        disabled={disabled || !clientId}
      />
    </FormField>
  );
}

/** Relevant Homework: one of the client's delivered messages, grouped by type (disabled until a client). */
function HomeworkField({
  clientId,
  value,
  saved,
  onChange,
  disabled,
}: {
  clientId: string | undefined;
  value: string | null;
  /** The saved session's homework message (edit): shown by its subject when the picker's list lacks it. */
  saved?: { id: string; homework: SessionHomework };
  onChange: (id: string | null) => void;
  disabled: boolean;
}) {
  const homework = useClientHomework(clientId);
  // SPEC 8: a failure to load the homework is only logged.
  useEffect(() => {
    if (homework.error) console.error('Failed to load homework', homework.error);
  }, [homework.error]);
  const groups = groupHomework(homework.data ?? []);
  const known =
    groups.flatMap((g) => g.options).find((o) => o.value === value) ??
    // Older than the picker's newest messages: the saved session names it.
    (saved && saved.id === value
      ? {
          value,
          label: saved.homework.subject,
          description: homeworkPreview({ preview: saved.homework.content }),
        }
      : undefined);
  const selected: SelectProps.Option = !value
    ? NO_HOMEWORK
    : (known ?? { value, label: homework.isPending && clientId ? 'Loading homework' : unknownHomeworkLabel(value) });
  return (
    <FormField
      label="Relevant Homework"
      description={clientId ? 'Optional: a message you sent this client.' : 'Choose a client first.'}
    >
      <Select
        selectedOption={selected}
        options={[NO_HOMEWORK, ...groups]}
        onChange={({ detail }) => onChange(detail.selectedOption.value || null)}
        filteringType="auto"
        filteringAriaLabel="Search homework"
        filteringPlaceholder="Search by subject or content"
        statusType={clientId && homework.isPending ? 'loading' : 'finished'}
        loadingText="Loading homework"
        empty="No messages sent to this client yet"
        disabled={disabled || !clientId}
      />
      {known?.description && (
        <Box variant="small" color="text-body-secondary" margin={{ top: 'xxs' }}>
          <span data-testid="homework-preview">{known.description}</span>
        </Box>
      )}
    </FormField>
  );
}

interface FieldErrors {
  form?: string;
  required?: boolean;
  date?: string;
  /** The server refused a clash (409, field allowOverlap): its message, with "Schedule anyway". */
  overlap?: string;
  repeat?: string;
}

/**
 * /dashboard/sessions/create and /dashboard/sessions/{id}/edit (admin): a session for one of a
 * client's dogs. `?dog=` preselects a dog and its client, `?client=` a client (and their dog when they have
 * only one); times are read in the business time zone and sent as UTC.
 */
export function SessionFormPage() {
  const { id } = useParams();
  const editing = !!id;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const follow = useFollow();
  const { notify } = useToasts();

  const existing = useSession(id);
  const create = useCreateSession();
  const update = useUpdateSession(id ?? '');
  const saving = create.isPending || update.isPending;

  const [client, setClient] = useState<Choice | null>(null);
  const [dog, setDog] = useState<Choice | null>(null);
  const [sessionType, setSessionType] = useState<SessionType>('training');
  const [date, setDate] = useState(() => {
    const d = params.get('date') ?? '';
    return businessInstant(d) && d >= todayKey() ? d : '';
  });
  const [time, setTime] = useState('');
  const [duration, setDuration] = useState<number>(DEFAULT_SESSION_MINUTES);
  const [notes, setNotes] = useState('');
  const [homework, setHomework] = useState<string | null>(null);
  const timeFormat = useTimeFormat();
  const [repeat, setRepeat] = useState<SeriesRepeat | null>(null);
  const [following, setFollowing] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const initialDate = useRef<string | undefined>(undefined);
  const filled = useRef(false);

  // Create: the duration starts at the business's default when it is one the form offers (else 60).
  const business = useBusinessSettings();
  const durationTouched = useRef(false);
  const businessDefault = business.data?.settings.defaultSessionDuration;
  useEffect(() => {
    if (id || durationTouched.current || !businessDefault) return;
    if ((SESSION_DURATIONS as readonly number[]).includes(businessDefault)) setDuration(businessDefault);
  }, [id, businessDefault]);

  // Edit: the form starts from the saved session, once.
  const loaded = existing.data;
  useEffect(() => {
    if (!loaded || filled.current) return;
    filled.current = true;
    const at = formFieldsOf(loaded.scheduledAt);
    initialDate.current = at.date;
    setClient({ id: loaded.clientId, label: loaded.clientName });
    setDog({ id: loaded.dogId, label: loaded.dogName });
    setSessionType(loaded.sessionType);
    setDate(at.date);
    setTime(at.time);
    setDuration(loaded.durationMinutes);
    setNotes(loaded.notes ?? '');
    setHomework(loaded.homeworkAssigned || null);
  }, [loaded]);

  // `?dog=` or `?client=` (create): the client and dog they choose, once known.
  usePreselection(params, !editing, client?.id, setClient, setDog);

  useEffect(() => {
    if (!saved) return;
    const t = setTimeout(() => navigate(SESSIONS_PATH), REDIRECT_DELAY_MS);
    return () => clearTimeout(t);
  }, [saved, navigate]);

  const busy = saving || saved;
  const today = todayKey();

  const chooseClient = (next: Choice) => {
    // SPEC 5: changing the client clears the dog and the homework.
    if (next.id !== client?.id) {
      setDog(null);
      setHomework(null);
    }
    setClient(next);
  };

  const submit = async (event?: FormEvent, allowOverlap = false) => {
    event?.preventDefault();
    if (busy) return;
    const scheduledAt = businessInstant(date, time);
    if (!client || !dog || !sessionType || !date || !time || !scheduledAt) {
      setErrors({ form: REQUIRED, required: true });
      return;
    }
    if (date < today && date !== initialDate.current) {
      setErrors({ date: PAST_DATE });
      return;
    }
    const repeatProblem = editing ? undefined : repeatError(repeat, date);
    if (repeatProblem) {
      setErrors({ repeat: repeatProblem });
      return;
    }
    setErrors({});
    const input: SessionInput = {
      clientId: client.id,
      dogId: dog.id,
      scheduledAt,
      durationMinutes: duration,
      sessionType,
      notes: notes.trim() || null,
      homeworkAssigned: homework,
      ...(allowOverlap ? { allowOverlap } : {}),
      ...(!editing && repeat ? { repeat } : {}),
      ...(editing && following ? { following } : {}),
    };
    try {
      const count = editing
        ? (await update.mutateAsync(input)).length
        : ((await create.mutateAsync(input)).series?.sessions.length ?? 1);
      const done = editing ? 'Session updated successfully!' : 'Session scheduled successfully!';
      const many = `${count} sessions ${editing ? 'updated' : 'scheduled'} successfully!`;
      notify({ type: 'success', content: count > 1 ? many : done });
      setSaved(true);
    } catch (e) {
      notify({ type: 'error', content: editing ? 'Failed to update session' : 'Failed to schedule session' });
      if (e instanceof ApiError && e.status === 409 && e.fields?.allowOverlap) setErrors({ overlap: e.message });
      else if (e instanceof ApiError && e.status >= 400 && e.status < 500) setErrors({ form: e.message });
    }
  };

  const title = editing ? 'Edit Session' : 'Schedule Session';
  const header = (
    <SpaceBetween size="xs">
      <RouterLink href={SESSIONS_PATH}>Back to Sessions</RouterLink>
      <Header variant="h1" description={`Times are in ${zoneLongName()}.`}>
        {title}
      </Header>
    </SpaceBetween>
  );
  const seo = <Seo title={`${title} | Pawsitive Portal`} description={title} robots="noindex, nofollow" />;

  if (editing && existing.isPending) {
    return (
      <ContentLayout header={header}>
        {seo}
        <Box textAlign="center" padding="xxl">
          <StatusIndicator type="loading">Loading session</StatusIndicator>
        </Box>
      </ContentLayout>
    );
  }
  if (editing && existing.isError) {
    return (
      <ContentLayout header={header}>
        {seo}
        <Alert
          type="error"
          header={LOAD_FAILED}
          action={<Button onClick={() => void existing.refetch()}>Retry</Button>}
        >
          {existing.error.message}
        </Alert>
      </ContentLayout>
    );
  }

  const missing = (empty: boolean) => !!errors.required && empty;
  const durations: number[] = SESSION_DURATIONS.includes(duration as (typeof SESSION_DURATIONS)[number])
    ? [...SESSION_DURATIONS]
    : [...SESSION_DURATIONS, duration].sort((a, b) => a - b);

  return (
    <ContentLayout header={header}>
      {seo}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Form
          errorText={errors.form}
          errorIconAriaLabel="Error"
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button href={SESSIONS_PATH} onFollow={follow} variant="link" disabled={saving}>
                Cancel
              </Button>
              <Button variant="primary" formAction="submit" disabled={busy}>
                {saving ? 'Saving...' : editing ? 'Update Session' : 'Schedule Session'}
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="l">
            <Container header={<Header variant="h2">Session details</Header>}>
              <SpaceBetween size="l">
                <ColumnLayout columns={2}>
                  <ClientField value={client} onChange={chooseClient} invalid={missing(!client)} disabled={busy} />
                  <DogField
                    clientId={client?.id}
                    value={dog}
                    onChange={setDog}
                    invalid={missing(!dog)}
                    disabled={busy}
                  />
                  <FormField label="Session Type">
                    <Select
                      selectedOption={{ value: sessionType, label: SESSION_TYPE_LABELS[sessionType] }}
                      options={TYPE_OPTIONS}
                      onChange={({ detail }) => setSessionType(detail.selectedOption.value as SessionType)}
                      disabled={busy}
                    />
                  </FormField>
                  <FormField label="Duration">
                    <Select
                      selectedOption={{ value: String(duration), label: durationLabel(duration) }}
                      options={durations.map((m) => ({ value: String(m), label: durationLabel(m) }))}
                      onChange={({ detail }) => {
                        durationTouched.current = true;
                        setDuration(Number(detail.selectedOption.value));
                      }}
                      disabled={busy}
                    />
                  </FormField>
                  <FormField label="Date" description="Today or later." errorText={errors.date}>
                    <DateInput
                      value={date}
                      onChange={({ detail }) => {
                        setDate(detail.value);
                        setErrors((e) => ({ ...e, date: undefined }));
                      }}
                      // Today or later; an edited session keeps its own earlier date on offer.
                      min={initialDate.current && initialDate.current < today ? initialDate.current : today}
                      invalid={missing(!date) || !!errors.date}
                      disabled={busy}
                    />
                  </FormField>
                  <FormField label="Time" description={`${zoneLongName()}, ${clockHint(timeFormat)}.`}>
                    <TimeField
                      format={timeFormat}
                      value={time}
                      onChange={setTime}
                      invalid={missing(!businessInstant(date || today, time))}
                      disabled={busy}
                    />
                  </FormField>
                </ColumnLayout>
                {!editing && (
                  <RepeatField
                    value={repeat}
                    onChange={(next) => {
                      setRepeat(next);
                      setErrors((e) => ({ ...e, repeat: undefined }));
                    }}
                    firstDate={date}
                    disabled={busy}
                    error={errors.repeat}
                  />
                )}
                {loaded?.seriesId && ['scheduled', 'confirmed'].includes(loaded.status) && (
                  <Suspense fallback={null}>
                    <FollowingField checked={following} onChange={setFollowing} disabled={busy} />
                  </Suspense>
                )}
                <ConflictWarning date={date} time={time} minutes={duration} exceptId={id} />
                {errors.overlap && (
                  <Alert
                    type="error"
                    header="This session clashes with another"
                    action={
                      <Button formAction="none" onClick={() => void submit(undefined, true)} disabled={busy}>
                        {editing ? 'Save anyway' : 'Schedule anyway'}
                      </Button>
                    }
                  >
                    {errors.overlap}
                  </Alert>
                )}
                <VaccinationWarning dog={dog} date={date} />
                {/* A completed or cancelled session will not use a credit any more. */}
                {(!existing.data || ['scheduled', 'confirmed'].includes(existing.data.status)) && (
                  <NoCreditsWarning clientId={client?.id} />
                )}
                <FormField label="Session Notes" constraintText={`${notes.length} / ${MAX_SESSION_NOTES}`}>
                  <Textarea
                    value={notes}
                    onChange={({ detail }) => setNotes(detail.value)}
                    rows={5}
                    nativeTextareaAttributes={{ maxLength: MAX_SESSION_NOTES }}
                    placeholder="Goals, exercises, things to bring"
                    disabled={busy}
                  />
                </FormField>
                <HomeworkField
                  clientId={client?.id}
                  value={homework}
                  saved={
                    loaded?.homework && loaded.homeworkAssigned
                      ? { id: loaded.homeworkAssigned, homework: loaded.homework }
                      : undefined
                  }
                  onChange={setHomework}
                  disabled={busy}
                />
              </SpaceBetween>
            </Container>
          </SpaceBetween>
        </Form>
      </form>
    </ContentLayout>
  );
}
