import type { RouteTable } from './route-def.js';

/** The trainer's inbox of contact-form submissions. */
export const contactSubmissionRoutes = [
  {
    method: 'GET',
    path: '/api/contact-submissions',
    handler: 'http/contact/list-contact-submissions',
    needs: { table: 'read' },
    access: 'admin',
  },
  // Contact submissions: status, conversion to a client, bulk permanent deletion.
  {
    method: 'GET',
    path: '/api/contact-submissions/{id}',
    handler: 'http/contact/get-contact-submission',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'PATCH',
    path: '/api/contact-submissions/{id}/status',
    handler: 'http/contact/update-contact-status',
    needs: { table: 'delete', media: 'write', publish: true, scheduler: true, users: ['delete', 'disable'] },
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/contact-submissions/{id}/convert',
    handler: 'http/contact/convert-contact-submission',
    needs: { table: 'delete', publish: true, users: ['create', 'delete', 'read'] },
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/contact-submissions/delete',
    handler: 'http/contact/delete-contact-submissions',
    needs: { table: 'delete', publish: true },
    access: 'admin',
  },
] as const satisfies RouteTable;
