import Box from '@cloudscape-design/components/box';
import Button from '@cloudscape-design/components/button';
import FileUpload from '@cloudscape-design/components/file-upload';
import FormField from '@cloudscape-design/components/form-field';
import Input from '@cloudscape-design/components/input';
import ProgressBar from '@cloudscape-design/components/progress-bar';
import Select from '@cloudscape-design/components/select';
import SpaceBetween from '@cloudscape-design/components/space-between';
import { useState } from 'react';
import {
  CERTIFICATE_TYPES,
  type CertificateType,
  MAX_CERTIFICATE_BYTES,
  VACCINATION_TEXTS as T,
  VACCINE_LABELS,
  VACCINES,
  type VaccinationRecord,
  type Vaccine,
} from '#shared/contracts/vaccination-options';
import { DateInput } from '../../../components/portal/date-input';
import { Modal } from '../../../components/portal/modal';
import { ApiError } from '../../../lib/api';
import { useToasts } from '../../../lib/toasts';
import { uploadCertificate, useSaveVaccination, type VaccinationInput } from '../api/vaccinations';

const OPTIONS = VACCINES.map((v) => ({ value: v, label: VACCINE_LABELS[v] }));
const DAY = /^\d{4}-\d{2}-\d{2}$/;

interface Values {
  vaccine: Vaccine | '';
  otherName: string;
  givenOn: string;
  expiresOn: string;
  clinic: string;
}
type Errors = Partial<Record<keyof Values | 'certificate', string>>;

/** The same checks as the API, with its messages (the server checks again, and "not in the future" by the business's date). */
export function validateVaccination(v: Values): Errors {
  const errors: Errors = {};
  if (!v.vaccine) errors.vaccine = T.vaccineInvalid;
  if (v.vaccine === 'other' && !v.otherName.trim()) errors.otherName = T.otherNameRequired;
  if (!DAY.test(v.givenOn)) errors.givenOn = T.givenOnInvalid;
  if (!DAY.test(v.expiresOn)) errors.expiresOn = T.expiresOnInvalid;
  else if (DAY.test(v.givenOn) && v.expiresOn <= v.givenOn) errors.expiresOn = T.expiresAfterGiven;
  if (!v.clinic.trim()) errors.clinic = T.clinicRequired;
  return errors;
}

/** Add or edit a record of a dog (a client's own dog): a modal form with an optional certificate. */
export function VaccinationForm({
  dogId,
  record,
  onClose,
}: {
  dogId: string;
  record?: VaccinationRecord;
  onClose: () => void;
}) {
  const { notify } = useToasts();
  const save = useSaveVaccination(dogId);
  const [values, setValues] = useState<Values>({
    vaccine: record?.vaccine ?? '',
    otherName: record?.otherName ?? '',
    givenOn: record?.givenOn ?? '',
    expiresOn: record?.expiresOn ?? '',
    clinic: record?.clinic ?? '',
  });
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<number | undefined>(undefined);
  const [errors, setErrors] = useState<Errors>({});
  const busy = save.isPending || progress !== undefined;

  const set = (field: keyof Values, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const pickFile = (picked: File[]) => {
    const file = picked[0];
    setErrors((e) => ({ ...e, certificate: undefined }));
    if (!file) return setFiles([]);
    if (!(CERTIFICATE_TYPES as readonly string[]).includes(file.type))
      return setErrors((e) => ({ ...e, certificate: T.certificateInvalid }));
    if (file.size > MAX_CERTIFICATE_BYTES) return setErrors((e) => ({ ...e, certificate: T.certificateTooLarge }));
    setFiles([file]);
  };

  const submit = async () => {
    if (busy) return;
    const found = validateVaccination(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      let certificateKey: string | undefined;
      if (files[0]) {
        setProgress(0);
        certificateKey = await uploadCertificate(files[0], files[0].type as CertificateType, setProgress);
      }
      const input: VaccinationInput = {
        vaccine: values.vaccine as Vaccine,
        otherName: values.vaccine === 'other' ? values.otherName.trim() : null,
        givenOn: values.givenOn,
        expiresOn: values.expiresOn,
        clinic: values.clinic.trim(),
        ...(certificateKey ? { certificateKey } : {}),
      };
      await save.mutateAsync({ id: record?.id, input });
      notify({ type: 'success', content: record ? T.updated : T.added });
      onClose();
    } catch (e) {
      setProgress(undefined);
      if (e instanceof ApiError && e.status === 400 && e.fields) {
        const next: Errors = {};
        for (const [k, m] of Object.entries(e.fields))
          next[(k === 'certificateKey' ? 'certificate' : k) as keyof Errors] = m[0];
        setErrors(next);
      }
      notify({ type: 'error', content: e instanceof ApiError && e.status === 400 ? e.message : T.saveFailed });
    }
  };

  return (
    <Modal
      visible
      header={record ? 'Edit vaccination record' : 'Add vaccination record'}
      onDismiss={() => !busy && onClose()}
      closeAriaLabel="Close dialog"
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" disabled={busy} onClick={onClose}>
              Cancel
            </Button>
            <Button variant="primary" loading={busy} onClick={() => void submit()}>
              {record ? 'Save record' : 'Add record'}
            </Button>
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <FormField label="Vaccine" errorText={errors.vaccine}>
          <Select
            selectedOption={OPTIONS.find((o) => o.value === values.vaccine) ?? null}
            options={OPTIONS}
            placeholder="Choose a vaccine"
            ariaLabel="Vaccine"
            disabled={busy}
            invalid={!!errors.vaccine}
            onChange={({ detail }) => set('vaccine', detail.selectedOption.value ?? '')}
          />
        </FormField>
        {values.vaccine === 'other' && (
          <FormField label="Vaccine name" errorText={errors.otherName}>
            <Input value={values.otherName} disabled={busy} onChange={({ detail }) => set('otherName', detail.value)} />
          </FormField>
        )}
        <FormField label="Date given" errorText={errors.givenOn}>
          <DateInput
            value={values.givenOn}
            disabled={busy}
            invalid={!!errors.givenOn}
            onChange={({ detail }) => set('givenOn', detail.value)}
          />
        </FormField>
        <FormField label="Expiry date" errorText={errors.expiresOn} constraintText="After the date given">
          <DateInput
            value={values.expiresOn}
            disabled={busy}
            invalid={!!errors.expiresOn}
            onChange={({ detail }) => set('expiresOn', detail.value)}
          />
        </FormField>
        <FormField label="Veterinary clinic" errorText={errors.clinic}>
          <Input
            value={values.clinic}
            disabled={busy}
            invalid={!!errors.clinic}
            onChange={({ detail }) => set('clinic', detail.value)}
          />
        </FormField>
        <FormField
          label="Certificate (optional)"
          errorText={errors.certificate}
          description={record?.hasCertificate ? 'A new file replaces the current certificate.' : undefined}
          constraintText="PDF, JPG, PNG or WebP, up to 10 MB"
        >
          <FileUpload
            value={files}
            onChange={({ detail }) => pickFile(detail.value)}
            accept={CERTIFICATE_TYPES.join(',')}
            showFileSize
            i18nStrings={{
              uploadButtonText: () => 'Choose file',
              dropzoneText: () => 'Drop a file to upload',
              removeFileAriaLabel: () => 'Remove file',
              errorIconAriaLabel: 'Error',
              warningIconAriaLabel: 'Warning',
            }}
          />
        </FormField>
        {progress !== undefined && <ProgressBar value={progress} label="Uploading certificate" />}
      </SpaceBetween>
    </Modal>
  );
}
