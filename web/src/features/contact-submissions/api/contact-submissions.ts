import type {
  ContactStatus,
  ContactSubmission,
  ContactSubmittedNotice,
} from '../../../../../shared/contracts/contact-options';
import { apiRequest } from '../../../lib/api';

export interface ContactSubmissionList {
  items: ContactSubmission[];
  counts: Record<ContactStatus, number>;
}

/** GET /api/contact-submissions?status=new,contacted (admin). */
export function listContactSubmissions(statuses: readonly ContactStatus[], signal?: AbortSignal) {
  const query = encodeURIComponent(statuses.join(',')).replace(/%2C/g, ',');
  return apiRequest<ContactSubmissionList>(`/contact-submissions?status=${query}`, { signal });
}

/** A realtime frame announcing a new submission. */
export function isContactSubmittedNotice(data: unknown): data is ContactSubmittedNotice {
  const d = data as Partial<ContactSubmittedNotice> | null;
  return d?.type === 'contact_submission.created' && typeof d.submission?.id === 'string';
}
