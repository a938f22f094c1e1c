import { randomUUID } from 'node:crypto';
import { visitor } from '../../support/api.js';
import { inviteClient, signupBody } from '../signup-helpers.js';
import { ADMIN_ONLY, type Expectations, PUBLIC_OK } from './types.js';

const contactBody = () => ({
  firstName: 'Matrix',
  lastName: 'Test',
  email: `matrix-${randomUUID()}@example.com`,
  phone: '941-555-0101',
  program: 'other',
  message: 'Authorization matrix',
  dogName: 'Pixel',
  dogBreed: 'Cockapoo',
  dogBirthDate: '2023-05-05',
  dogSex: 'female',
});
// Each request comes from its own visitor address (ApiOptions.from) so the per-IP limit does not interfere.

/** The public site, the caller's own profile and the contact submissions list. */
export const foundationExpectations: Expectations = {
  'POST /api/public/contact': {
    request: () => ({ path: '/api/public/contact', body: contactBody(), from: visitor() }),
    status: PUBLIC_OK(201),
  },
  'GET /api/public/content/{section}': {
    request: () => ({ path: '/api/public/content/programs' }),
    status: PUBLIC_OK(200),
  },
  'POST /api/public/events': {
    request: () => ({
      path: '/api/public/events',
      body: { name: 'page_view', page_title: 'Contact Form', page_location: 'http://127.0.0.1/contact' },
      from: visitor(),
    }),
    status: PUBLIC_OK(204),
  },
  'GET /api/health': {
    request: () => ({ path: '/api/health' }),
    status: PUBLIC_OK(200),
  },
  'GET /api/me': {
    request: () => ({ path: '/api/me' }),
    status: { anonymous: 401, clientA: 200, clientB: 200, admin: 200 },
  },
  // Signup by invitation: public; every caller gets a fresh invitation of their own.
  'GET /api/invitations/{token}': {
    request: async (users) => {
      const invited = await inviteClient(users.admin);
      return {
        path: `/api/invitations/${encodeURIComponent(invited.token)}?email=${encodeURIComponent(invited.email)}`,
      };
    },
    status: PUBLIC_OK(200),
  },
  'POST /api/signup': {
    request: async (users) => ({
      path: '/api/signup',
      body: signupBody(await inviteClient(users.admin)),
      from: visitor(),
    }),
    status: PUBLIC_OK(201),
  },
  'GET /api/contact-submissions': {
    request: () => ({ path: '/api/contact-submissions?status=new' }),
    status: ADMIN_ONLY,
  },
};
