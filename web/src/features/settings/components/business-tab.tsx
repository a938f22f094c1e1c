import Button from '@cloudscape-design/components/button';
import Checkbox from '@cloudscape-design/components/checkbox';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { type FormEvent, lazy, Suspense, useMemo, useState } from 'react';
import {
  type BusinessSettings,
  HOURLY_RATE_MAX,
  isPhoneNumber,
  isTimeZone,
  SESSION_DURATION_MAX,
  SESSION_DURATION_MIN,
  SETTINGS_TEXTS as T,
  timeZoneNames,
} from '#shared/contracts/settings-options';
import { REQUIRABLE_VACCINES, type RequirableVaccine, VACCINE_LABELS } from '#shared/contracts/vaccination-options';
import { ApiError } from '../../../lib/api';
import { useBusinessSettings } from '../../../lib/queries/business-settings';
import { useToasts } from '../../../lib/toasts';
import { type BusinessSettingsChanges, useSaveBusinessSettings } from '../api/settings';
import { ServicesSection } from './services-section';
import { TabLoadError, TabLoading } from './settings-states';

// The availability form loads on its own chunk.
const AvailabilitySection = lazy(() => import('./availability-form').then((m) => ({ default: m.AvailabilitySection })));

/** The form's values as typed (numbers as text until saved). */
interface Values {
  businessName: string;
  businessPhone: string;
  businessEmail: string;
  defaultSessionDuration: string;
  hourlyRate: string;
  timeZone: string;
  requiredVaccines: RequirableVaccine[];
}
type Errors = Partial<Record<keyof Values, string>>;
type TextField = Exclude<keyof Values, 'requiredVaccines'>;

const toValues = (s: BusinessSettings): Values => ({
  businessName: s.businessName,
  businessPhone: s.businessPhone,
  businessEmail: s.businessEmail,
  defaultSessionDuration: String(s.defaultSessionDuration),
  hourlyRate: s.hourlyRate === null ? '' : String(s.hourlyRate),
  timeZone: s.timeZone,
  requiredVaccines: [...s.requiredVaccines],
});

/** The same checks as PUT /api/settings/business, with its messages; the settings when all pass. */
export function validateBusiness(v: Values): { errors: Errors; settings?: BusinessSettingsChanges } {
  const errors: Errors = {};
  const name = v.businessName.trim();
  if (!name) errors.businessName = T.businessNameRequired;
  else if (name.length > 100) errors.businessName = 'Business name must be at most 100 characters';
  const phone = v.businessPhone.trim();
  if (!phone) errors.businessPhone = T.businessPhoneRequired;
  else if (!isPhoneNumber(phone)) errors.businessPhone = T.businessPhoneInvalid;
  const email = v.businessEmail.trim();
  if (!email) errors.businessEmail = T.businessEmailRequired;
  else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.businessEmail = T.businessEmailInvalid;
  const durationText = v.defaultSessionDuration.trim();
  const duration = Number(durationText);
  if (!durationText || !Number.isFinite(duration) || duration < SESSION_DURATION_MIN || duration > SESSION_DURATION_MAX)
    errors.defaultSessionDuration = T.durationRange;
  else if (!Number.isInteger(duration)) errors.defaultSessionDuration = T.durationWhole;
  const rateText = v.hourlyRate.trim();
  const rate = rateText === '' ? null : Number(rateText);
  if (rate !== null && (!Number.isFinite(rate) || rate < 0 || rate > HOURLY_RATE_MAX))
    errors.hourlyRate = T.hourlyRateInvalid;
  if (!isTimeZone(v.timeZone)) errors.timeZone = T.timeZoneInvalid;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    settings: {
      businessName: name,
      businessPhone: phone,
      businessEmail: email.toLowerCase(),
      defaultSessionDuration: duration,
      hourlyRate: rate,
      timeZone: v.timeZone,
      requiredVaccines: REQUIRABLE_VACCINES.filter((x) => v.requiredVaccines.includes(x)),
    },
  };
}

const FIELDS = new Set<string>([
  'businessName',
  'businessPhone',
  'businessEmail',
  'defaultSessionDuration',
  'hourlyRate',
  'timeZone',
]);

function BusinessForm({ initial }: { initial: BusinessSettings }) {
  const { notify } = useToasts();
  const save = useSaveBusinessSettings();
  const [values, setValues] = useState<Values>(() => toValues(initial));
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const zones = useMemo(() => {
    const names = timeZoneNames();
    return (names.includes(values.timeZone) ? names : [values.timeZone, ...names]).map((z) => ({
      value: z,
      label: z.replace(/_/g, ' '),
    }));
  }, [values.timeZone]);

  const onChange = (field: TextField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
    setFormError(undefined);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (save.isPending) return;
    const { errors: found, settings } = validateBusiness(values);
    setErrors(found);
    if (!settings) return;
    try {
      const { settings: saved } = await save.mutateAsync(settings);
      setValues(toValues(saved));
      notify({ type: 'success', content: T.businessSaved });
    } catch (e) {
      if (e instanceof ApiError && e.status === 400) {
        const fieldErrors: Errors = {};
        for (const [k, messages] of Object.entries(e.fields ?? {}))
          if (FIELDS.has(k) && messages[0]) fieldErrors[k as keyof Values] = messages[0];
        setErrors(fieldErrors);
        setFormError(e.message);
      }
      notify({ type: 'error', content: T.businessSaveFailed });
    }
  };

  const toggleVaccine = (vaccine: RequirableVaccine, on: boolean) =>
    setValues((v) => ({
      ...v,
      requiredVaccines: on ? [...v.requiredVaccines, vaccine] : v.requiredVaccines.filter((x) => x !== vaccine),
    }));

  const input = (field: TextField) => ({
    value: values[field],
    disabled: save.isPending,
    invalid: !!errors[field],
    onChange: ({ detail }: { detail: { value: string } }) => onChange(field, detail.value),
  });

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Form
        errorText={formError}
        actions={
          <Button variant="primary" formAction="submit" loading={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Business Settings'}
          </Button>
        }
      >
        <SpaceBetween size="l">
          <Container
            header={
              <Header
                variant="h2"
                description="Shown in the public site's footer and contact page, and used in the e-mails the portal sends."
              >
                Business
              </Header>
            }
          >
            <ColumnLayout columns={2} minColumnWidth={220}>
              <FormField label="Business name" errorText={errors.businessName}>
                <Input {...input('businessName')} autoComplete="organization" ariaRequired />
              </FormField>
              <FormField label="Business phone" errorText={errors.businessPhone}>
                <Input {...input('businessPhone')} inputMode="tel" autoComplete="tel" ariaRequired />
              </FormField>
              <FormField
                label="Business email"
                errorText={errors.businessEmail}
                description="New evaluation requests are sent here."
              >
                <Input {...input('businessEmail')} type="email" inputMode="email" autoComplete="email" ariaRequired />
              </FormField>
            </ColumnLayout>
          </Container>
          <Container header={<Header variant="h2">Sessions and rates</Header>}>
            <ColumnLayout columns={2} minColumnWidth={220}>
              <FormField
                label="Default session duration (minutes)"
                errorText={errors.defaultSessionDuration}
                constraintText={`${SESSION_DURATION_MIN} to ${SESSION_DURATION_MAX} minutes`}
              >
                <Input
                  {...input('defaultSessionDuration')}
                  type="number"
                  inputMode="numeric"
                  step={1}
                  nativeInputAttributes={{ min: SESSION_DURATION_MIN, max: SESSION_DURATION_MAX }}
                  ariaRequired
                />
              </FormField>
              <FormField label="Hourly rate (USD)" errorText={errors.hourlyRate} constraintText="Optional">
                <Input
                  {...input('hourlyRate')}
                  type="number"
                  inputMode="decimal"
                  step={0.01}
                  nativeInputAttributes={{ min: 0, max: HOURLY_RATE_MAX }}
                />
              </FormField>
              <FormField
                label="Time zone"
                errorText={errors.timeZone}
                description="Weeks on the dashboard and dates are counted in this time zone."
              >
                <Select
                  selectedOption={zones.find((o) => o.value === values.timeZone) ?? null}
                  options={zones}
                  filteringType="auto"
                  filteringAriaLabel="Find a time zone"
                  filteringPlaceholder="Find a time zone"
                  disabled={save.isPending}
                  invalid={!!errors.timeZone}
                  virtualScroll
                  onChange={({ detail }) => onChange('timeZone', detail.selectedOption.value ?? '')}
                />
              </FormField>
            </ColumnLayout>
          </Container>
          <Container
            header={
              <Header
                variant="h2"
                description="Dogs missing one of these, or whose record ends within 30 days, are on the Vaccinations list; the session form warns when one is not in order on the session's date."
              >
                Required vaccinations
              </Header>
            }
          >
            <ColumnLayout columns={3} minColumnWidth={160}>
              {REQUIRABLE_VACCINES.map((vaccine) => (
                <Checkbox
                  key={vaccine}
                  checked={values.requiredVaccines.includes(vaccine)}
                  disabled={save.isPending}
                  onChange={({ detail }) => toggleVaccine(vaccine, detail.checked)}
                >
                  {VACCINE_LABELS[vaccine]}
                </Checkbox>
              ))}
            </ColumnLayout>
          </Container>
        </SpaceBetween>
      </Form>
    </form>
  );
}

/** Business (admins): the business's name, contact details, default session, rate, time zone and services. */
export function BusinessTab() {
  const query = useBusinessSettings();
  if (query.isPending) return <TabLoading>Loading business settings</TabLoading>;
  if (query.isError)
    return (
      <TabLoadError header="Error loading business settings" error={query.error} onRetry={() => void query.refetch()} />
    );
  return (
    <SpaceBetween size="l">
      <BusinessForm initial={query.data.settings} />
      <ServicesSection settings={query.data.settings} />
      <Suspense fallback={null}>
        <AvailabilitySection />
      </Suspense>
    </SpaceBetween>
  );
}
