import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api';

/** The account feature's HTTP calls: the data export and deleting one's own account. */

/** GET /api/me/export: everything stored about the signed-in person. */
export const exportMyData = () => apiRequest<Record<string, unknown>>('/me/export');

/** DELETE /api/me: the caller's account and all its data (clients; the e-mail confirms). */
export const deleteMyAccount = (confirmEmail: string) =>
  apiRequest<void>('/me', { method: 'DELETE', body: { confirmEmail } });

/** The export's file name: pawsitive-data-YYYY-MM-DD.json (the local date of the download). */
export function exportFileName(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `pawsitive-data-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.json`;
}

/** Hands `data` to the browser as a JSON file download. */
/**
 * The object URL of the last file saved. It stays valid until the next save replaces it: the browser
 * reads it only once the download starts, which on a busy machine can be seconds after the click (a
 * URL revoked on a timer before then lost the download).
 */
let lastFileUrl: string | undefined;

export function saveJsonFile(data: unknown, fileName: string): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  if (lastFileUrl) URL.revokeObjectURL(lastFileUrl);
  const url = URL.createObjectURL(blob);
  lastFileUrl = url;
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
}

export const useExportMyData = () =>
  useMutation({
    mutationFn: async () => {
      const data = await exportMyData();
      saveJsonFile(data, exportFileName());
    },
  });

export const useDeleteMyAccount = () => useMutation({ mutationFn: deleteMyAccount });
