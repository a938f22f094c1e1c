import Alert from '@cloudscape-design/components/alert';
import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import KeyValuePairs from '@cloudscape-design/components/key-value-pairs';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Textarea from '@cloudscape-design/components/textarea';
import { format } from 'date-fns';
import {
  HOW_HEARD_OPTIONS,
  isCompleteDog,
  ONBOARDING_MAX_DOGS,
  type OnboardingData,
  type OnboardingDog,
  type OnboardingPersonalInfo,
  type OnboardingTrainingInfo,
} from '#shared/contracts/onboarding-options';
import { DateInput } from '../../../components/portal/date-input';
import { formatDogDate } from '../../../lib/dog-dates';

/** The three steps of the wizard: personal info, dogs (with training), review (SPEC 4). */

export const todayIso = () => format(new Date(), 'yyyy-MM-dd');

const NOT_SPECIFIED = { value: '', label: 'Not specified' };
const SEX_OPTIONS: SelectProps.Option[] = [
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
];
const SPAYED_OPTIONS: SelectProps.Option[] = [
  NOT_SPECIFIED,
  { value: 'yes', label: 'Yes' },
  { value: 'no', label: 'No' },
];
const HOW_HEARD: SelectProps.Option[] = [NOT_SPECIFIED, ...HOW_HEARD_OPTIONS.map((o) => ({ value: o, label: o }))];

const REQUIRED = 'Required';

/** Step 1: the client's own details; the e-mail is the sign-in and is only shown. */
export function PersonalInfoStep({
  value,
  onChange,
  showErrors,
}: {
  value: OnboardingPersonalInfo;
  onChange: (field: keyof OnboardingPersonalInfo, value: string) => void;
  showErrors: boolean;
}) {
  const input = (field: keyof OnboardingPersonalInfo) => ({
    value: value[field],
    onChange: ({ detail }: { detail: { value: string } }) => onChange(field, detail.value),
  });
  return (
    <Container header={<Header variant="h2">Personal Information</Header>}>
      <SpaceBetween size="l">
        <ColumnLayout columns={2} minColumnWidth={220}>
          <FormField
            label="First name"
            constraintText={REQUIRED}
            errorText={showErrors && !value.firstName.trim() ? 'First name is required' : undefined}
          >
            <Input {...input('firstName')} autoComplete="given-name" ariaRequired />
          </FormField>
          <FormField
            label="Last name"
            constraintText={REQUIRED}
            errorText={showErrors && !value.lastName.trim() ? 'Last name is required' : undefined}
          >
            <Input {...input('lastName')} autoComplete="family-name" ariaRequired />
          </FormField>
          <FormField label="Email" description="Your sign-in e-mail; it cannot be changed here.">
            <Input value={value.email} readOnly type="email" onChange={() => undefined} />
          </FormField>
          <FormField label="Phone" constraintText="Optional">
            <Input {...input('phone')} type="text" inputMode="tel" autoComplete="tel" />
          </FormField>
        </ColumnLayout>
        <FormField label="Address" constraintText="Optional" stretch>
          <Textarea {...input('address')} rows={2} />
        </FormField>
        <ColumnLayout columns={2} minColumnWidth={220}>
          <FormField label="Emergency contact" constraintText="Optional">
            <Input {...input('emergencyContact')} autoComplete="off" />
          </FormField>
          <FormField label="Emergency phone" constraintText="Optional">
            <Input {...input('emergencyPhone')} inputMode="tel" autoComplete="off" />
          </FormField>
        </ColumnLayout>
      </SpaceBetween>
    </Container>
  );
}

/** The required fields of a dog form (SPEC 5) and their texts when left empty. */
const DOG_REQUIRED_TEXTS = {
  name: 'Name is required',
  breed: 'Breed is required',
  birthDate: 'Birth date is required',
  sex: 'Sex is required',
} as const satisfies Partial<Record<keyof OnboardingDog, string>>;

/** The required fields of `dog` left empty. */
export const missingDogFields = (dog: OnboardingDog) =>
  (Object.keys(DOG_REQUIRED_TEXTS) as (keyof typeof DOG_REQUIRED_TEXTS)[]).filter((f) => !dog[f].trim());

/** One dog form: name, breed, birth date and sex required (SPEC 5), the rest optional. */
function DogForm({
  dog,
  index,
  canRemove,
  showErrors,
  onChange,
  onRemove,
}: {
  dog: OnboardingDog;
  index: number;
  canRemove: boolean;
  /** Next or Complete was tried: empty required fields say so. */
  showErrors: boolean;
  onChange: (field: keyof OnboardingDog, value: string) => void;
  onRemove: () => void;
}) {
  const today = todayIso();
  const missing = showErrors ? missingDogFields(dog) : [];
  const missingText = (field: keyof typeof DOG_REQUIRED_TEXTS) =>
    missing.includes(field) ? DOG_REQUIRED_TEXTS[field] : undefined;
  const title = dog.name.trim() || `Dog ${index + 1}`;
  const input = (field: keyof OnboardingDog) => ({
    value: dog[field],
    onChange: ({ detail }: { detail: { value: string } }) => onChange(field, detail.value),
  });
  return (
    <Container
      header={
        <Header
          variant="h3"
          actions={
            canRemove ? (
              <Button onClick={onRemove} ariaLabel={`Remove ${title}`}>
                Remove
              </Button>
            ) : undefined
          }
        >
          {title}
        </Header>
      }
    >
      <SpaceBetween size="l">
        <ColumnLayout columns={2} minColumnWidth={220}>
          <FormField label="Name" constraintText={REQUIRED} errorText={missingText('name')}>
            <Input {...input('name')} ariaRequired autoComplete="off" invalid={missing.includes('name')} />
          </FormField>
          <FormField label="Breed" constraintText={REQUIRED} errorText={missingText('breed')}>
            <Input {...input('breed')} ariaRequired autoComplete="off" invalid={missing.includes('breed')} />
          </FormField>
          <FormField
            label="Birth date"
            constraintText="Required. Not after today."
            errorText={dog.birthDate > today ? 'Birth date cannot be in the future' : missingText('birthDate')}
          >
            <DateInput
              value={dog.birthDate}
              onChange={({ detail }) => onChange('birthDate', detail.value)}
              max={today}
              ariaRequired
            />
          </FormField>
          <FormField label="Sex" constraintText={REQUIRED} errorText={missingText('sex')}>
            <Select
              invalid={missing.includes('sex')}
              selectedOption={SEX_OPTIONS.find((o) => o.value === dog.sex) ?? null}
              placeholder="Choose sex"
              onChange={({ detail }) => onChange('sex', detail.selectedOption.value ?? '')}
              options={SEX_OPTIONS}
              ariaRequired
              expandToViewport
            />
          </FormField>
          <FormField label="Spayed/neutered" constraintText="Optional">
            <Select
              selectedOption={SPAYED_OPTIONS.find((o) => o.value === dog.spayedNeutered) ?? NOT_SPECIFIED}
              onChange={({ detail }) => onChange('spayedNeutered', detail.selectedOption.value ?? '')}
              options={SPAYED_OPTIONS}
              expandToViewport
            />
          </FormField>
          <FormField label="Weight" constraintText="Optional, e.g. 35 lbs">
            <Input {...input('weight')} autoComplete="off" />
          </FormField>
        </ColumnLayout>
        <ColumnLayout columns={2} minColumnWidth={220}>
          <FormField label="Medical conditions" constraintText="Optional" stretch>
            <Textarea {...input('medicalConditions')} rows={2} />
          </FormField>
          <FormField label="Medications" constraintText="Optional" stretch>
            <Textarea {...input('medications')} rows={2} />
          </FormField>
          <FormField label="Behavioral notes" constraintText="Optional" stretch>
            <Textarea {...input('behavioralNotes')} rows={3} />
          </FormField>
          <FormField label="Training goals" constraintText="Optional" stretch>
            <Textarea {...input('trainingGoals')} rows={3} />
          </FormField>
        </ColumnLayout>
      </SpaceBetween>
    </Container>
  );
}

/** Step 2: the dog forms (at least one; Remove only with more than one) and the training background. */
export function DogsStep({
  dogs,
  keys,
  training,
  showErrors,
  onDogChange,
  onAddDog,
  onRemoveDog,
  onTrainingChange,
}: {
  dogs: OnboardingDog[];
  /** A key per dog form, kept while the wizard is open (the forms have no ids of their own). */
  keys: readonly number[];
  training: OnboardingTrainingInfo;
  /** Next or Complete was tried: the dogs' empty required fields say so. */
  showErrors: boolean;
  onDogChange: (index: number, field: keyof OnboardingDog, value: string) => void;
  onAddDog: () => void;
  onRemoveDog: (index: number) => void;
  onTrainingChange: (field: keyof OnboardingTrainingInfo, value: string) => void;
}) {
  const text = (field: keyof OnboardingTrainingInfo) => ({
    value: training[field],
    onChange: ({ detail }: { detail: { value: string } }) => onTrainingChange(field, detail.value),
  });
  return (
    <SpaceBetween size="l">
      <Container
        header={
          <Header
            variant="h2"
            description="Each dog needs a name, breed, birth date and sex."
            actions={
              <Button iconName="add-plus" onClick={onAddDog} disabled={dogs.length >= ONBOARDING_MAX_DOGS}>
                Add another dog
              </Button>
            }
          >
            Your Dogs
          </Header>
        }
      >
        <SpaceBetween size="l">
          {dogs.map((dog, i) => (
            <DogForm
              key={keys[i] ?? i}
              dog={dog}
              index={i}
              canRemove={dogs.length > 1}
              showErrors={showErrors}
              onChange={(field, value) => onDogChange(i, field, value)}
              onRemove={() => onRemoveDog(i)}
            />
          ))}
        </SpaceBetween>
      </Container>
      <Container header={<Header variant="h2">Training Background</Header>}>
        <SpaceBetween size="l">
          <FormField label="Previous training" constraintText="Optional" stretch>
            <Textarea {...text('previousTraining')} rows={2} />
          </FormField>
          <FormField label="Training goals" constraintText="Optional" stretch>
            <Textarea {...text('trainingGoals')} rows={2} />
          </FormField>
          <FormField label="Specific issues" constraintText="Optional" stretch>
            <Textarea {...text('specificIssues')} rows={2} />
          </FormField>
          <FormField label="How did you hear about us?" constraintText="Optional">
            <Select
              selectedOption={HOW_HEARD.find((o) => o.value === training.howHeardAboutUs) ?? NOT_SPECIFIED}
              onChange={({ detail }) => onTrainingChange('howHeardAboutUs', detail.selectedOption.value ?? '')}
              options={HOW_HEARD}
              expandToViewport
            />
          </FormField>
        </SpaceBetween>
      </Container>
    </SpaceBetween>
  );
}

const shown = (s: string) => s.trim() || '-';
const capital = (s: string) => (s ? `${s[0].toUpperCase()}${s.slice(1)}` : '-');

/** Step 3: everything entered, to check before completing. */
export function ReviewStep({
  data,
  keys,
  onEdit,
}: {
  data: OnboardingData;
  keys: readonly number[];
  onEdit: (step: number) => void;
}) {
  const p = data.personalInfo;
  const t = data.trainingInfo;
  const added = data.dogInfo.dogs.filter(isCompleteDog).length;
  return (
    <SpaceBetween size="l">
      <Container
        header={
          <Header variant="h2" actions={<Button onClick={() => onEdit(1)}>Edit personal information</Button>}>
            Personal Information
          </Header>
        }
      >
        <KeyValuePairs
          columns={3}
          items={[
            { label: 'Name', value: shown(`${p.firstName} ${p.lastName}`) },
            { label: 'Email', value: shown(p.email) },
            { label: 'Phone', value: shown(p.phone) },
            { label: 'Address', value: shown(p.address) },
            { label: 'Emergency contact', value: shown(p.emergencyContact) },
            { label: 'Emergency phone', value: shown(p.emergencyPhone) },
          ]}
        />
      </Container>
      <Container
        header={
          <Header
            variant="h2"
            counter={`(${added})`}
            actions={<Button onClick={() => onEdit(2)}>Edit dogs</Button>}
            description={
              added === 0 ? 'No dog will be added: a dog needs a name, breed and birth date.' : 'These dogs are added.'
            }
          >
            Your Dogs
          </Header>
        }
      >
        <SpaceBetween size="l">
          {data.dogInfo.dogs.map((d, i) => (
            <SpaceBetween size="xs" key={keys[i] ?? i}>
              <Box variant="h3">{d.name.trim() || `Dog ${i + 1}`}</Box>
              {!isCompleteDog(d) && (
                <Alert type="warning" statusIconAriaLabel="Warning">
                  Not added: a dog needs a name, breed and birth date.
                </Alert>
              )}
              <KeyValuePairs
                columns={3}
                items={[
                  { label: 'Breed', value: shown(d.breed) },
                  { label: 'Birth date', value: formatDogDate(d.birthDate) },
                  { label: 'Sex', value: capital(d.sex) },
                  { label: 'Spayed/neutered', value: capital(d.spayedNeutered) },
                  { label: 'Weight', value: shown(d.weight) },
                  { label: 'Medical conditions', value: shown(d.medicalConditions) },
                  { label: 'Medications', value: shown(d.medications) },
                  { label: 'Behavioral notes', value: shown(d.behavioralNotes) },
                  { label: 'Training goals', value: shown(d.trainingGoals) },
                ]}
              />
            </SpaceBetween>
          ))}
        </SpaceBetween>
      </Container>
      <Container
        header={
          <Header variant="h2" actions={<Button onClick={() => onEdit(2)}>Edit training background</Button>}>
            Training Background
          </Header>
        }
      >
        <KeyValuePairs
          columns={2}
          items={[
            { label: 'Previous training', value: shown(t.previousTraining) },
            { label: 'Training goals', value: shown(t.trainingGoals) },
            { label: 'Specific issues', value: shown(t.specificIssues) },
            { label: 'How did you hear about us?', value: shown(t.howHeardAboutUs) },
          ]}
        />
      </Container>
    </SpaceBetween>
  );
}
