import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import ColumnLayout from '@cloudscape-design/components/column-layout';
import Container from '@cloudscape-design/components/container';
import ContentLayout from '@cloudscape-design/components/content-layout';
import DatePicker from '@cloudscape-design/components/date-picker';
import FileUpload from '@cloudscape-design/components/file-upload';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import Input from '@cloudscape-design/components/input';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import Select, { type SelectProps } from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import StatusIndicator from '@cloudscape-design/components/status-indicator';
import Textarea from '@cloudscape-design/components/textarea';
import { format } from 'date-fns';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { type Dog, dogAge } from '#shared/contracts/client-options';
import { RouterLink, useFollow } from '../../../components/portal/router-link';
import { Seo } from '../../../components/seo';
import { ApiError } from '../../../lib/api';
import { checkPhotoFile, PHOTO_ACCEPT, photoTypeOf } from '../../../lib/image-rules';
import { useDog } from '../../../lib/queries/dogs';
import { useToasts } from '../../../lib/toasts';
import { createDog, type DogInput, removeDogPhoto, updateDog, uploadDogPhoto, useDogCache } from '../api/dogs';
import { DogFacts, DogPhoto } from './dog-details';

/** SPEC 8 texts. */
export const DOG_REQUIRED = 'Name, breed, and birth date are required';
export const DOG_FUTURE = 'Birth date cannot be in the future';
export const DOG_ADD_FAILED = 'Failed to add dog. Please try again.';
export const DOG_UPDATE_FAILED = 'Failed to update dog. Please try again.';
export const dogAddedText = (name: string) => `${name} has been added successfully!`;
export const dogUpdatedText = (name: string) => `${name} has been updated successfully!`;
/** SPEC: after saving, back to the client page after 2 s. */
export const DOG_REDIRECT_MS = 2000;

interface DogFormValues {
  name: string;
  breed: string;
  birthDate: string;
  sex: '' | 'male' | 'female';
  behavioralNotes: string;
  medicalNotes: string;
  trainingGoals: string;
}

const SEX_OPTIONS: SelectProps.Option[] = [
  { value: '', label: 'Not specified' },
  { value: 'male', label: 'Male' },
  { value: 'female', label: 'Female' },
];

const todayIso = () => format(new Date(), 'yyyy-MM-dd');

const valuesOf = (dog?: Dog): DogFormValues => ({
  name: dog?.name ?? '',
  breed: dog?.breed ?? '',
  birthDate: dog?.birthDate ?? '',
  sex: dog?.sex ?? '',
  behavioralNotes: dog?.behavioralNotes ?? '',
  medicalNotes: dog?.medicalNotes ?? '',
  trainingGoals: dog?.trainingGoals ?? '',
});

const orNull = (s: string) => (s.trim() === '' ? null : s.trim());

/** The form-level problem with the values, in the spec's words, or undefined. */
export function validateDogForm(v: Pick<DogFormValues, 'name' | 'breed' | 'birthDate'>, today = todayIso()) {
  if (!v.name.trim() || !v.breed.trim() || !v.birthDate.trim()) return DOG_REQUIRED;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v.birthDate.trim())) return 'Birth date must be a date (YYYY-MM-DD)';
  if (v.birthDate.trim() > today) return DOG_FUTURE;
  return undefined;
}

const toInput = (v: DogFormValues): DogInput => ({
  name: v.name.trim(),
  breed: v.breed.trim(),
  birthDate: v.birthDate.trim(),
  sex: v.sex === '' ? null : v.sex,
  behavioralNotes: orNull(v.behavioralNotes),
  medicalNotes: orNull(v.medicalNotes),
  trainingGoals: orNull(v.trainingGoals),
});

const FILE_UPLOAD_STRINGS = {
  uploadButtonText: () => 'Choose photo',
  dropzoneText: () => 'Drop a photo to upload',
  removeFileAriaLabel: (_i: number, name: string) => `Remove ${name}`,
  limitShowFewer: 'Show fewer files',
  limitShowMore: 'Show more files',
  errorIconAriaLabel: 'Error',
  warningIconAriaLabel: 'Warning',
  formatFileSize: (bytes: number) =>
    bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`,
};

const DATE_STRINGS = {
  todayAriaLabel: 'Today',
  nextMonthAriaLabel: 'Next month',
  previousMonthAriaLabel: 'Previous month',
  openCalendarAriaLabel: (selected: string | null) =>
    selected ? `Choose birth date, selected date is ${selected}` : 'Choose birth date',
};

const messageOf = (e: unknown, fallback: string) =>
  e instanceof ApiError && e.status >= 400 && e.status < 500 && e.message ? e.message : fallback;

function DogForm({ clientId, dog }: { clientId: string; dog?: Dog }) {
  const navigate = useNavigate();
  const follow = useFollow();
  const { notify } = useToasts();
  const cache = useDogCache();
  const back = `/dashboard/clients/${encodeURIComponent(clientId)}`;
  const [values, setValues] = useState<DogFormValues>(() => valuesOf(dog));
  /** The dog as saved so far: after a create whose photo failed, a retry updates instead of adding again. */
  const [saved, setSaved] = useState<Dog | undefined>(dog);
  const [error, setError] = useState<string | undefined>(undefined);
  const [files, setFiles] = useState<File[]>([]);
  const [photoError, setPhotoError] = useState<string | undefined>(undefined);
  const [removePhoto, setRemovePhoto] = useState(false);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const editing = !!dog;
  const today = todayIso();

  useEffect(() => {
    if (!done) return;
    const t = setTimeout(() => navigate(back), DOG_REDIRECT_MS);
    return () => clearTimeout(t);
  }, [done, navigate, back]);

  const set = (field: keyof DogFormValues, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    if (error) setError(undefined);
  };

  const onFiles = (next: File[]) => {
    const file = next[next.length - 1];
    setFiles(file ? [file] : []);
    setPhotoError(file ? checkPhotoFile(file) : undefined);
    setProgress(undefined);
    if (file) setRemovePhoto(false);
  };

  const missingRequired = !values.name || !values.breed || !values.birthDate;

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy || done) return;
    const problem = validateDogForm(values, today);
    setError(problem);
    if (problem) return;
    const file = files[0];
    const fileProblem = file ? checkPhotoFile(file) : undefined;
    if (fileProblem) {
      setPhotoError(fileProblem);
      return;
    }
    setBusy(true);
    const adding = !dog;
    let current: Dog;
    try {
      current = saved ? await updateDog(saved.id, toInput(values)) : await createDog(clientId, toInput(values));
      setSaved(current);
      cache.put(current);
    } catch (e) {
      const message = messageOf(e, adding ? DOG_ADD_FAILED : DOG_UPDATE_FAILED);
      setError(message);
      notify({ type: 'error', content: message });
      setBusy(false);
      return;
    }
    try {
      if (file) {
        setProgress(0);
        current = await uploadDogPhoto(current.id, file, photoTypeOf(file) ?? 'image/jpeg', setProgress);
        cache.put(current);
        setSaved(current);
        setFiles([]);
      } else if (removePhoto && current.photoUrl) {
        current = await removeDogPhoto(current.id);
        cache.put(current);
        setSaved(current);
      }
    } catch (e) {
      const message = `Upload failed: ${e instanceof Error ? e.message : 'please try again'}`;
      setPhotoError(message);
      setProgress(undefined);
      notify({
        type: 'warning',
        content: `${adding ? dogAddedText(current.name) : dogUpdatedText(current.name)} ${message}`,
      });
      setBusy(false);
      return;
    }
    notify({ type: 'success', content: adding ? dogAddedText(current.name) : dogUpdatedText(current.name) });
    setBusy(false);
    setDone(true);
  };

  const disabled = busy || done;
  const shownPhoto = saved ?? dog;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Form
        errorText={error}
        errorIconAriaLabel="Error"
        actions={
          <SpaceBetween direction="horizontal" size="xs">
            <Button href={back} onFollow={follow} variant="link" disabled={disabled}>
              Cancel
            </Button>
            <Button variant="primary" formAction="submit" loading={busy} disabled={missingRequired || done}>
              {busy ? 'Saving...' : editing ? 'Save Changes' : 'Add Dog'}
            </Button>
          </SpaceBetween>
        }
      >
        <SpaceBetween size="l">
          {done && (
            <Alert type="success" statusIconAriaLabel="Success">
              {editing ? dogUpdatedText(values.name.trim()) : dogAddedText(values.name.trim())} Returning to the client
              profile...
            </Alert>
          )}
          <Container header={<Header variant="h2">Dog details</Header>}>
            <SpaceBetween size="l">
              <ColumnLayout columns={2}>
                <FormField label="Name" constraintText="Required">
                  <Input
                    value={values.name}
                    onChange={({ detail }) => set('name', detail.value)}
                    disabled={disabled}
                    ariaRequired
                    invalid={!!error && !values.name.trim()}
                    autoComplete={false}
                  />
                </FormField>
                <FormField label="Breed" constraintText="Required">
                  <Input
                    value={values.breed}
                    onChange={({ detail }) => set('breed', detail.value)}
                    disabled={disabled}
                    ariaRequired
                    invalid={!!error && !values.breed.trim()}
                    autoComplete={false}
                  />
                </FormField>
                <FormField
                  label="Birth date"
                  constraintText={`Required. YYYY/MM/DD, not after today.${values.birthDate && !validateDogForm({ ...values, name: 'x', breed: 'x' }, today) ? ` Age: ${dogAge(values.birthDate)}.` : ''}`}
                >
                  <DatePicker
                    value={values.birthDate}
                    onChange={({ detail }) => set('birthDate', detail.value)}
                    isDateEnabled={(date) => format(date, 'yyyy-MM-dd') <= today}
                    placeholder="YYYY/MM/DD"
                    disabled={disabled}
                    ariaRequired
                    invalid={!!error && (error === DOG_FUTURE || !values.birthDate.trim())}
                    i18nStrings={DATE_STRINGS}
                    expandToViewport
                  />
                </FormField>
                <FormField label="Sex">
                  <Select
                    selectedOption={SEX_OPTIONS.find((o) => o.value === values.sex) ?? SEX_OPTIONS[0]}
                    onChange={({ detail }) => set('sex', detail.selectedOption.value ?? '')}
                    options={SEX_OPTIONS}
                    disabled={disabled}
                    expandToViewport
                  />
                </FormField>
              </ColumnLayout>
              <FormField label="Behavioral notes" constraintText="Optional">
                <Textarea
                  value={values.behavioralNotes}
                  onChange={({ detail }) => set('behavioralNotes', detail.value)}
                  disabled={disabled}
                  rows={3}
                />
              </FormField>
              <FormField label="Medical notes" constraintText="Optional">
                <Textarea
                  value={values.medicalNotes}
                  onChange={({ detail }) => set('medicalNotes', detail.value)}
                  disabled={disabled}
                  rows={3}
                />
              </FormField>
              <FormField label="Training goals" constraintText="Optional">
                <Textarea
                  value={values.trainingGoals}
                  onChange={({ detail }) => set('trainingGoals', detail.value)}
                  disabled={disabled}
                  rows={3}
                />
              </FormField>
            </SpaceBetween>
          </Container>
          <Container header={<Header variant="h2">Photo</Header>}>
            <SpaceBetween size="m">
              {shownPhoto?.photoUrl && !removePhoto && files.length === 0 && (
                <SpaceBetween size="xs">
                  <div style={{ maxWidth: 240 }}>
                    <DogPhoto dog={shownPhoto} height={160} />
                  </div>
                  <Button onClick={() => setRemovePhoto(true)} disabled={disabled}>
                    Remove photo
                  </Button>
                </SpaceBetween>
              )}
              {removePhoto && (
                <Alert
                  type="info"
                  action={
                    <Button onClick={() => setRemovePhoto(false)} disabled={disabled}>
                      Keep photo
                    </Button>
                  }
                >
                  The photo will be removed when you save.
                </Alert>
              )}
              <FormField
                label={shownPhoto?.photoUrl ? 'Replace photo' : 'Photo'}
                description="Uploaded when you save."
                constraintText="JPG, PNG, WebP or SVG, up to 10MB. Optional."
                errorText={photoError}
              >
                <FileUpload
                  value={files}
                  onChange={({ detail }) => onFiles(detail.value)}
                  accept={PHOTO_ACCEPT}
                  showFileSize
                  showFileThumbnail
                  i18nStrings={FILE_UPLOAD_STRINGS}
                />
              </FormField>
              {progress !== undefined && (
                <ProgressBar
                  label="Uploading photo"
                  value={progress}
                  status={progress >= 100 ? 'success' : 'in-progress'}
                  resultText="Photo uploaded"
                />
              )}
            </SpaceBetween>
          </Container>
        </SpaceBetween>
      </Form>
    </form>
  );
}

/**
 * /dashboard/clients/{clientId}/dogs/add and /dashboard/clients/{id}/dogs/{dogId}/edit (admin):
 * the dog form; back returns to the client profile.
 */
export function DogFormPage() {
  const params = useParams();
  const clientId = params.clientId ?? params.id ?? '';
  const dogId = params.dogId;
  const editing = !!dogId;
  const dog = useDog(dogId);
  const back = `/dashboard/clients/${encodeURIComponent(clientId)}`;
  const title = editing ? 'Edit Dog' : 'Add Dog';
  const wrongOwner = editing && dog.data && dog.data.profileId !== clientId;

  let body: ReactNode;
  if (editing && dog.isPending) {
    body = (
      <Container>
        <StatusIndicator type="loading">Loading dog...</StatusIndicator>
      </Container>
    );
  } else if (editing && (dog.isError || wrongOwner)) {
    const notFound = wrongOwner || (dog.error instanceof ApiError && dog.error.status === 404);
    body = (
      <Alert
        type="error"
        header={notFound ? 'Dog not found' : 'Failed to load dog'}
        action={
          notFound ? undefined : (
            <Button onClick={() => void dog.refetch()} loading={dog.isFetching}>
              Retry
            </Button>
          )
        }
      >
        {notFound ? 'This dog does not exist or belongs to another client.' : (dog.error as Error).message}
      </Alert>
    );
  } else {
    body = (
      <SpaceBetween size="l">
        {editing && dog.data && (
          <Container header={<Header variant="h2">Training analytics</Header>}>
            <DogFacts dog={dog.data} columns={3} />
          </Container>
        )}
        <DogForm key={dog.data?.id ?? 'new'} clientId={clientId} dog={editing ? dog.data : undefined} />
      </SpaceBetween>
    );
  }

  return (
    <ContentLayout
      header={
        <SpaceBetween size="xs">
          <RouterLink href={back}>Back to client profile</RouterLink>
          <Header
            variant="h1"
            description={editing ? 'Update the dog’s details and photo.' : 'Name, breed and birth date are required.'}
          >
            {editing && dog.data ? `Edit ${dog.data.name}` : title}
          </Header>
        </SpaceBetween>
      }
    >
      <Seo title={`${title} | Pawsitive Portal`} description={title} robots="noindex, nofollow" />
      {body}
    </ContentLayout>
  );
}
