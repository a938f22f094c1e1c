import type { RouteTable } from './route-def.js';

/** The signed-in person's own things: messages received, the data export, the account's deletion, onboarding. */
export const meRoutes = [
  // The signed-in person's own data: messages received, the data export, deleting the account.
  {
    method: 'GET',
    path: '/api/me/messages',
    handler: 'http/messages/list-my-messages',
    needs: { table: 'read' },
    access: 'signed-in',
  },
  {
    method: 'GET',
    path: '/api/me/messages/unread-count',
    handler: 'http/messages/get-my-unread-count',
    needs: { table: 'read' },
    access: 'signed-in',
  },
  {
    method: 'GET',
    path: '/api/me/messages/{id}',
    handler: 'http/messages/get-my-message',
    needs: { table: 'read' },
    access: 'signed-in',
  },
  // Opening a message: the read receipt, once; the unread count falls by one, never below zero.
  {
    method: 'POST',
    path: '/api/me/messages/{id}/read',
    handler: 'http/messages/mark-message-read',
    needs: { table: 'write', publish: true },
    access: 'client',
  },
  {
    method: 'GET',
    path: '/api/me/export',
    handler: 'http/account/export-my-data',
    needs: { table: 'read' },
    access: 'signed-in',
  },
  // Deletes the caller's Cognito user as the last step of the full deletion.
  {
    method: 'DELETE',
    path: '/api/me',
    handler: 'http/account/delete-my-account',
    needs: { table: 'delete', media: 'write', publish: true, scheduler: true, users: ['delete'] },
    access: 'client',
  },
  // Onboarding wizard (issue 9): the caller's own draft and step, and the completion. Clients only:
  // an admin has no profile to complete.
  {
    method: 'GET',
    path: '/api/me/onboarding',
    handler: 'http/onboarding/get-onboarding',
    needs: { table: 'read' },
    access: 'client',
  },
  {
    method: 'PUT',
    path: '/api/me/onboarding',
    handler: 'http/onboarding/save-onboarding',
    needs: { table: 'write' },
    access: 'client',
  },
  {
    method: 'POST',
    path: '/api/me/onboarding/complete',
    handler: 'http/onboarding/complete-onboarding',
    needs: { table: 'delete' },
    access: 'client',
  },
] as const satisfies RouteTable;
