import ColumnLayout from '@cloudscape-design/components/column-layout';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';

/** The profile fields shared by the create and edit forms. */
export interface ClientFormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  emergencyContact: string;
  emergencyPhone: string;
  howHeardAboutUs: string;
  notes: string;
}

export const EMPTY_CLIENT_FORM: ClientFormValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  address: '',
  emergencyContact: '',
  emergencyPhone: '',
  howHeardAboutUs: '',
  notes: '',
};

export type ClientFormErrors = Partial<Record<keyof ClientFormValues, string>>;

/** Trimmed text, or null when empty (the server stores empty fields as nothing). */
export const textOrNull = (s: string) => {
  const t = s.trim();
  return t === '' ? null : t;
};

/** The optional fields of the form as the API takes them. */
export function optionalFields(v: ClientFormValues) {
  return {
    phone: textOrNull(v.phone),
    address: textOrNull(v.address),
    emergencyContact: textOrNull(v.emergencyContact),
    emergencyPhone: textOrNull(v.emergencyPhone),
    howHeardAboutUs: textOrNull(v.howHeardAboutUs),
    notes: textOrNull(v.notes),
  };
}

const NOT_SPECIFIED = { value: '', label: 'Not specified' };

interface Props {
  values: ClientFormValues;
  errors: ClientFormErrors;
  onChange: (field: keyof ClientFormValues, value: string) => void;
  disabled?: boolean;
  /** The e-mail cannot be changed once the account exists (edit form). */
  emailReadOnly?: boolean;
  /** The screen's "How did they hear about us?" list (SPEC 3: create and edit differ). */
  howHeardOptions: readonly string[];
}

/** Name, e-mail, contact details, emergency contact, how they heard about us and trainer notes. */
export function ClientFields({ values, errors, onChange, disabled, emailReadOnly, howHeardOptions }: Props) {
  const input = (field: keyof ClientFormValues) => ({
    value: values[field],
    disabled,
    invalid: !!errors[field],
    onChange: ({ detail }: { detail: { value: string } }) => onChange(field, detail.value),
  });
  const howHeard = [
    NOT_SPECIFIED,
    ...howHeardOptions.map((o) => ({ value: o, label: o })),
    // A value stored from another screen's list stays shown (and is kept when left as it is).
    ...(values.howHeardAboutUs && !howHeardOptions.includes(values.howHeardAboutUs)
      ? [{ value: values.howHeardAboutUs, label: values.howHeardAboutUs }]
      : []),
  ];
  return (
    <SpaceBetween size="l">
      <ColumnLayout columns={2} minColumnWidth={220}>
        <FormField label="First name" errorText={errors.firstName}>
          <Input {...input('firstName')} autoComplete="off" ariaRequired />
        </FormField>
        <FormField label="Last name" errorText={errors.lastName}>
          <Input {...input('lastName')} autoComplete="off" ariaRequired />
        </FormField>
        <FormField
          label="Email"
          errorText={errors.email}
          description={emailReadOnly ? 'The e-mail is the client’s sign-in and cannot be changed.' : undefined}
        >
          <Input
            {...input('email')}
            type="email"
            inputMode="email"
            autoComplete="off"
            disabled={disabled || emailReadOnly}
            ariaRequired={!emailReadOnly}
          />
        </FormField>
        <FormField label="Phone" errorText={errors.phone} constraintText="Optional">
          <Input {...input('phone')} type="text" inputMode="tel" autoComplete="off" />
        </FormField>
      </ColumnLayout>
      <FormField label="Address" errorText={errors.address} constraintText="Optional" stretch>
        <Textarea {...input('address')} rows={2} />
      </FormField>
      <ColumnLayout columns={2} minColumnWidth={220}>
        <FormField label="Emergency contact" errorText={errors.emergencyContact} constraintText="Optional">
          <Input {...input('emergencyContact')} autoComplete="off" />
        </FormField>
        <FormField label="Emergency phone" errorText={errors.emergencyPhone} constraintText="Optional">
          <Input {...input('emergencyPhone')} inputMode="tel" autoComplete="off" />
        </FormField>
      </ColumnLayout>
      <FormField label="How did they hear about us?" errorText={errors.howHeardAboutUs} constraintText="Optional">
        <Select
          selectedOption={howHeard.find((o) => o.value === values.howHeardAboutUs) ?? NOT_SPECIFIED}
          options={howHeard}
          disabled={disabled}
          onChange={({ detail }) => onChange('howHeardAboutUs', detail.selectedOption.value ?? '')}
        />
      </FormField>
      <FormField
        label="Trainer notes"
        description="Only you see these notes; clients never do."
        errorText={errors.notes}
        constraintText="Optional"
        stretch
      >
        <Textarea {...input('notes')} rows={4} />
      </FormField>
    </SpaceBetween>
  );
}

/** Field checks before sending (the server checks the same and more). */
export function validateClientForm(v: ClientFormValues, opts: { requireEmail: boolean }): ClientFormErrors {
  const errors: ClientFormErrors = {};
  if (!v.firstName.trim()) errors.firstName = 'First name is required';
  if (!v.lastName.trim()) errors.lastName = 'Last name is required';
  if (opts.requireEmail) {
    const email = v.email.trim();
    if (!email) errors.email = 'Email is required';
    else if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) errors.email = 'Email must be a valid email address';
  }
  const max: Partial<Record<keyof ClientFormValues, number>> = {
    firstName: 100,
    lastName: 100,
    phone: 40,
    address: 300,
    emergencyContact: 100,
    emergencyPhone: 40,
    notes: 5000,
  };
  for (const [field, n] of Object.entries(max) as [keyof ClientFormValues, number][]) {
    if (!errors[field] && v[field].trim().length > n) errors[field] = `Must be at most ${n} characters`;
  }
  return errors;
}

/** Puts the server's per-field messages (400 answers) next to the fields. */
export function serverFieldErrors(fields: Record<string, string[]> | undefined): ClientFormErrors {
  const out: ClientFormErrors = {};
  for (const [k, messages] of Object.entries(fields ?? {})) {
    if (k in EMPTY_CLIENT_FORM && messages[0]) out[k as keyof ClientFormValues] = messages[0];
  }
  return out;
}
