import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CertificateType, VaccinationRecord, Vaccine } from '#shared/contracts/vaccination-options';
import { apiRequest } from '../../../lib/api';
import { vaccinationKeys } from '../../../lib/queries/vaccinations';

/** The vaccinations feature's writes (the reads other screens share are in lib/queries/vaccinations.ts). */

const enc = encodeURIComponent;

export interface VaccinationInput {
  vaccine: Vaccine;
  otherName: string | null;
  givenOn: string;
  expiresOn: string;
  clinic: string;
  /** A new certificate's key; null removes the certificate; absent keeps it. */
  certificateKey?: string | null;
}

interface Upload {
  url: string;
  fields: Record<string, string>;
  key: string;
}

/** Posts a presigned POST's form to the bucket with XMLHttpRequest (upload progress, 0 to 100). */
function postToBucket(upload: Upload, file: File, onProgress: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', upload.url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.min(100, Math.round((e.loaded / e.total) * 100)));
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(new Error(`the storage answered HTTP ${xhr.status}`));
      onProgress(100);
      resolve();
    };
    xhr.onerror = () => reject(new Error('could not reach the storage. Please check your connection.'));
    const form = new FormData();
    for (const [k, v] of Object.entries(upload.fields)) form.append(k, v);
    form.append('file', file);
    xhr.send(form);
  });
}

/** Presign and upload one certificate; answers its key (the server checks the bytes when it is attached). */
export async function uploadCertificate(
  file: File,
  contentType: CertificateType,
  onProgress: (percent: number) => void,
): Promise<string> {
  const upload = await apiRequest<Upload>('/uploads/certificate', {
    method: 'POST',
    body: { contentType, size: file.size },
  });
  await postToBucket(upload, file, onProgress);
  return upload.key;
}

/** GET /api/vaccinations/{id}/certificate: a link valid for 5 minutes. */
export const certificateLink = (recordId: string) =>
  apiRequest<{ url: string }>(`/vaccinations/${enc(recordId)}/certificate`).then((r) => r.url);

function useRefresh(dogId: string) {
  const client = useQueryClient();
  return () => {
    void client.invalidateQueries({ queryKey: vaccinationKeys.ofDog(dogId) });
    void client.invalidateQueries({ queryKey: ['vaccinations', 'due'] });
  };
}

export function useSaveVaccination(dogId: string) {
  const refresh = useRefresh(dogId);
  return useMutation({
    mutationFn: ({ id, input }: { id?: string; input: VaccinationInput }) =>
      apiRequest<{ record: VaccinationRecord }>(id ? `/vaccinations/${enc(id)}` : `/dogs/${enc(dogId)}/vaccinations`, {
        method: id ? 'PUT' : 'POST',
        body: input,
      }).then((r) => r.record),
    onSuccess: refresh,
  });
}

export function useDeleteVaccination(dogId: string) {
  const refresh = useRefresh(dogId);
  return useMutation({
    mutationFn: (id: string) => apiRequest<void>(`/vaccinations/${enc(id)}`, { method: 'DELETE' }),
    onSuccess: refresh,
  });
}

export function useVerifyVaccination(dogId: string) {
  const refresh = useRefresh(dogId);
  return useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ record: VaccinationRecord }>(`/vaccinations/${enc(id)}/verify`, { method: 'POST' }).then(
        (r) => r.record,
      ),
    onSuccess: refresh,
  });
}
