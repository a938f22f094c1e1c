import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import RadioGroup from '@cloudscape-design/components/radio-group';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import {
  CLASS_DURATIONS,
  CLASS_TEXTS,
  type ClassVaccinationRule,
  MAX_CLASS_DESCRIPTION,
  MAX_CLASS_LOCATION,
  MAX_CLASS_TITLE,
} from '#shared/contracts/class-options';
import { REQUIRABLE_VACCINES, VACCINE_LABELS } from '#shared/contracts/vaccination-options';
import { DateInput } from '../../../components/portal/date-input';
import { RouterLink, useFollow } from '../../../components/portal/router-link';
import { clockHint, TimeField, useTimeFormat } from '../../../components/portal/time-field';
import { Seo } from '../../../components/seo';
import { ApiError } from '../../../lib/api';
import { zoneLongName } from '../../../lib/business-zone';
import { useBusinessSettings } from '../../../lib/queries/business-settings';
import { useToasts } from '../../../lib/toasts';
import { useClass, useCreateClass, useUpdateClass } from '../api/classes';
import { type ClassFormErrors, type ClassFormValues, emptyValues, toInput, valuesOf } from './class-form-values';
import { CLASSES_PATH } from './class-format';

const VACCINE_OPTIONS = REQUIRABLE_VACCINES.map((v) => ({ value: v, label: VACCINE_LABELS[v] }));
const DURATION_OPTIONS = CLASS_DURATIONS.map((m) => ({ value: String(m), label: `${m} minutes` }));
const RULE_OPTIONS: { value: ClassVaccinationRule; label: string; description: string }[] = [
  { value: 'warn', label: 'Warn', description: 'The dog is enrolled; the client is told what is missing.' },
  { value: 'refuse', label: 'Refuse', description: 'The dog cannot enrol until its vaccinations are in order.' },
];

/** The server's field names (classRequest) as the form's fields. */
const SERVER_FIELDS: Record<string, keyof ClassFormValues> = {
  title: 'title',
  description: 'description',
  program: 'program',
  credits: 'credits',
  price: 'price',
  capacity: 'capacity',
  location: 'location',
  online: 'online',
  requiredVaccines: 'requiredVaccines',
  vaccinationRule: 'vaccinationRule',
  firstMeeting: 'date',
  durationMinutes: 'durationMinutes',
  weeks: 'weeks',
};

/** A refused save: the server's message on the form, and on each field it names. */
function serverErrors(e: unknown): ClassFormErrors {
  if (!(e instanceof ApiError) || e.status < 400 || e.status >= 500) return { form: 'Failed to save class' };
  const errors: ClassFormErrors = { form: e.message };
  for (const [name, messages] of Object.entries(e.fields ?? {})) {
    const field = SERVER_FIELDS[name];
    if (field && messages[0]) errors[field] = messages[0];
  }
  return errors;
}

/**
 * /dashboard/classes/create and /dashboard/classes/{id}/edit (trainer): a class's details, its vaccination
 * rule and its schedule (first meeting in the business time zone, duration, weeks). A published class's
 * schedule is read-only (the server keeps its meetings).
 */
export function ClassFormPage() {
  const { id } = useParams();
  const editing = !!id;
  const navigate = useNavigate();
  const follow = useFollow();
  const { notify } = useToasts();
  const existing = useClass(id);
  const create = useCreateClass();
  const update = useUpdateClass(id ?? '');
  const saving = create.isPending || update.isPending;
  const timeFormat = useTimeFormat();
  const business = useBusinessSettings();
  const [values, setValues] = useState<ClassFormValues>(() => emptyValues());
  const [errors, setErrors] = useState<ClassFormErrors>({});
  const filled = useRef(false);
  const vaccinesTouched = useRef(false);

  // Edit: the form starts from the saved class, once.
  const loaded = existing.data;
  useEffect(() => {
    if (!loaded || filled.current) return;
    filled.current = true;
    setValues(valuesOf(loaded));
  }, [loaded]);

  // Create: the required vaccinations start as the business's (Settings → Business).
  const businessVaccines = business.data?.settings.requiredVaccines;
  useEffect(() => {
    if (editing || vaccinesTouched.current || !businessVaccines) return;
    setValues((v) => ({ ...v, requiredVaccines: [...businessVaccines] }));
  }, [editing, businessVaccines]);

  const locked = loaded?.status === 'published';
  const set = <K extends keyof ClassFormValues>(key: K, value: ClassFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined, ...(key === 'online' ? { location: undefined } : {}) }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const checked = toInput(values, { lockedStart: locked ? loaded?.meetings[0]?.startsAt : undefined });
    if (checked.errors) {
      setErrors({ ...checked.errors, form: 'Please correct the fields marked' });
      return;
    }
    setErrors({});
    try {
      const saved = editing ? await update.mutateAsync(checked.input) : await create.mutateAsync(checked.input);
      notify({
        type: 'success',
        content: editing ? `${saved.title} is saved` : `${saved.title} is created as a draft`,
      });
      navigate(CLASSES_PATH);
    } catch (e) {
      setErrors(serverErrors(e));
    }
  };

  const title = editing ? 'Edit Class' : 'Create Class';
  const header = (
    <SpaceBetween size="xs">
      <RouterLink href={CLASSES_PATH}>Back to Classes</RouterLink>
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
          <StatusIndicator type="loading">Loading class</StatusIndicator>
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
          header="Failed to load class"
          action={<Button onClick={() => void existing.refetch()}>Retry</Button>}
        >
          {existing.error.message}
        </Alert>
      </ContentLayout>
    );
  }

  const scheduleNote = locked ? CLASS_TEXTS.scheduleLocked : undefined;

  return (
    <ContentLayout header={header}>
      {seo}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Form
          errorText={errors.form}
          errorIconAriaLabel="Error"
          actions={
            <SpaceBetween direction="horizontal" size="xs">
              <Button href={CLASSES_PATH} onFollow={follow} variant="link" disabled={saving}>
                Cancel
              </Button>
              <Button variant="primary" formAction="submit" disabled={saving}>
                {saving ? 'Saving...' : editing ? 'Save class' : 'Create class'}
              </Button>
            </SpaceBetween>
          }
        >
          <SpaceBetween size="l">
            <Container header={<Header variant="h2">Class details</Header>}>
              <SpaceBetween size="l">
                <FormField label="Title" errorText={errors.title}>
                  <Input
                    value={values.title}
                    onChange={({ detail }) => set('title', detail.value)}
                    invalid={!!errors.title}
                    disabled={saving}
                    nativeInputAttributes={{ maxLength: MAX_CLASS_TITLE }}
                  />
                </FormField>
                <FormField
                  label="Description"
                  description="Markdown: **bold**, *italic*, lists and links."
                  constraintText={`${values.description.length} / ${MAX_CLASS_DESCRIPTION}`}
                  errorText={errors.description}
                >
                  <Textarea
                    value={values.description}
                    onChange={({ detail }) => set('description', detail.value)}
                    rows={6}
                    invalid={!!errors.description}
                    disabled={saving}
                    nativeTextareaAttributes={{ maxLength: MAX_CLASS_DESCRIPTION }}
                  />
                </FormField>
                <ColumnLayout columns={2}>
                  <FormField
                    label="Program"
                    description="Optional: the website program it belongs to."
                    errorText={errors.program}
                  >
                    <Input
                      value={values.program}
                      onChange={({ detail }) => set('program', detail.value)}
                      invalid={!!errors.program}
                      disabled={saving}
                    />
                  </FormField>
                  <FormField
                    label="Credits"
                    description="Session credits one dog's seat uses."
                    errorText={errors.credits}
                  >
                    <Input
                      type="number"
                      inputMode="numeric"
                      value={values.credits}
                      onChange={({ detail }) => set('credits', detail.value)}
                      invalid={!!errors.credits}
                      disabled={saving}
                    />
                  </FormField>
                  <FormField
                    label="Price"
                    description="Optional: dollars a seat costs at checkout (it gives the credits); empty: credits only."
                    errorText={errors.price}
                  >
                    <Input
                      type="number"
                      inputMode="decimal"
                      step={0.01}
                      value={values.price}
                      onChange={({ detail }) => set('price', detail.value)}
                      invalid={!!errors.price}
                      disabled={saving}
                    />
                  </FormField>
                  <FormField
                    label="Capacity"
                    description="Dogs per class; more join the waitlist."
                    errorText={errors.capacity}
                  >
                    <Input
                      type="number"
                      inputMode="numeric"
                      value={values.capacity}
                      onChange={({ detail }) => set('capacity', detail.value)}
                      invalid={!!errors.capacity}
                      disabled={saving}
                    />
                  </FormField>
                  <FormField label="Location" description="Where the class meets." errorText={errors.location}>
                    <Input
                      value={values.location}
                      onChange={({ detail }) => set('location', detail.value)}
                      invalid={!!errors.location}
                      disabled={saving}
                      nativeInputAttributes={{ maxLength: MAX_CLASS_LOCATION }}
                    />
                  </FormField>
                  <FormField label="Online" description="An online class needs no location.">
                    <Checkbox
                      checked={values.online}
                      onChange={({ detail }) => set('online', detail.checked)}
                      disabled={saving}
                    >
                      Online class
                    </Checkbox>
                  </FormField>
                </ColumnLayout>
              </SpaceBetween>
            </Container>
            <Container header={<Header variant="h2">Vaccinations</Header>}>
              <ColumnLayout columns={2}>
                <FormField label="Required vaccinations" errorText={errors.requiredVaccines}>
                  <SpaceBetween size="xxs">
                    {VACCINE_OPTIONS.map((o) => (
                      <Checkbox
                        key={o.value}
                        checked={values.requiredVaccines.includes(o.value)}
                        onChange={({ detail }) => {
                          vaccinesTouched.current = true;
                          const chosen = detail.checked
                            ? [...values.requiredVaccines, o.value]
                            : values.requiredVaccines.filter((v) => v !== o.value);
                          set(
                            'requiredVaccines',
                            REQUIRABLE_VACCINES.filter((v) => chosen.includes(v)),
                          );
                        }}
                        disabled={saving}
                      >
                        {o.label}
                      </Checkbox>
                    ))}
                  </SpaceBetween>
                </FormField>
                <FormField label="When a dog's vaccinations are not in order" errorText={errors.vaccinationRule}>
                  <RadioGroup
                    value={values.vaccinationRule}
                    items={RULE_OPTIONS.map((o) => ({ ...o, disabled: saving }))}
                    onChange={({ detail }) => set('vaccinationRule', detail.value as ClassVaccinationRule)}
                  />
                </FormField>
              </ColumnLayout>
            </Container>
            <Container
              header={
                <Header variant="h2" description={scheduleNote}>
                  Schedule
                </Header>
              }
            >
              <ColumnLayout columns={2}>
                <FormField label="First meeting date" errorText={errors.date}>
                  <DateInput
                    value={values.date}
                    onChange={({ detail }) => set('date', detail.value)}
                    invalid={!!errors.date}
                    disabled={saving || locked}
                  />
                </FormField>
                <FormField label="Time" description={`${zoneLongName()}, ${clockHint(timeFormat)}.`}>
                  <TimeField
                    format={timeFormat}
                    value={values.time}
                    onChange={(t) => set('time', t)}
                    invalid={!!errors.date}
                    disabled={saving || locked}
                  />
                </FormField>
                <FormField label="Duration" errorText={errors.durationMinutes}>
                  <Select
                    selectedOption={{
                      value: String(values.durationMinutes),
                      label: `${values.durationMinutes} minutes`,
                    }}
                    options={DURATION_OPTIONS}
                    onChange={({ detail }) => set('durationMinutes', Number(detail.selectedOption.value))}
                    disabled={saving || locked}
                  />
                </FormField>
                <FormField label="Weeks" description="One meeting a week." errorText={errors.weeks}>
                  <Input
                    type="number"
                    inputMode="numeric"
                    value={values.weeks}
                    onChange={({ detail }) => set('weeks', detail.value)}
                    invalid={!!errors.weeks}
                    disabled={saving || locked}
                  />
                </FormField>
              </ColumnLayout>
            </Container>
          </SpaceBetween>
        </Form>
      </form>
    </ContentLayout>
  );
}
