import { createContactSubmission, updateContactStatus } from '../../../shared/domain/contact-submissions.js';
import { ADMIN_ONLY, type Expectations } from './types.js';

const newSubmission = (tag: string) =>
  createContactSubmission({
    firstName: 'Matrix',
    lastName: tag,
    email: `matrix-${tag}-${crypto.randomUUID().slice(0, 8)}@example.com`,
    phone: '941-555-0177',
    program: 'other',
    message: 'Authorization matrix',
    dogName: 'Rex',
    dogBreed: 'Mix',
    dogSex: 'male',
    dogBirthDate: '2022-01-01',
  });

/** Contact submission routes (list, detail, status, conversion, bulk deletion): admin only. */
export const contactSubmissionsExpectations: Expectations = {
  'GET /api/contact-submissions': {
    request: () => ({ path: '/api/contact-submissions?status=new,contacted&limit=5' }),
    status: ADMIN_ONLY,
  },
  'GET /api/contact-submissions/{id}': {
    request: async (_u, caller) => ({ path: `/api/contact-submissions/${(await newSubmission(caller)).id}` }),
    status: ADMIN_ONLY,
  },
  'PATCH /api/contact-submissions/{id}/status': {
    request: async (_u, caller) => ({
      path: `/api/contact-submissions/${(await newSubmission(caller)).id}/status`,
      body: { status: 'contacted' },
    }),
    status: ADMIN_ONLY,
  },
  'POST /api/contact-submissions/{id}/convert': {
    request: async (_u, caller) => ({ path: `/api/contact-submissions/${(await newSubmission(caller)).id}/convert` }),
    status: { anonymous: 401, clientA: 403, clientB: 403, admin: 201 },
  },
  'POST /api/contact-submissions/delete': {
    request: async (_u, caller) => {
      const s = await newSubmission(caller);
      await updateContactStatus(s.id, 'removed');
      return { path: '/api/contact-submissions/delete', body: { ids: [s.id] } };
    },
    status: ADMIN_ONLY,
  },
};
