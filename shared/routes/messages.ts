import type { RouteTable } from './route-def.js';

/** The trainer's messages and templates. */
export const messageRoutes = [
  // The trainer's messages: compose (now or scheduled), the sent and scheduled lists, templates.
  {
    method: 'POST',
    path: '/api/messages',
    handler: 'http/messages/compose-message',
    needs: { table: 'delete', publish: true, scheduler: true },
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/messages',
    handler: 'http/messages/list-sent-messages',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/messages/scheduled',
    handler: 'http/messages/list-scheduled-messages',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/messages/{id}',
    handler: 'http/messages/get-message',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'PATCH',
    path: '/api/messages/{id}',
    handler: 'http/messages/update-scheduled-message',
    needs: { table: 'delete', publish: true, scheduler: true },
    access: 'admin',
  },
  {
    method: 'DELETE',
    path: '/api/messages/{id}',
    handler: 'http/messages/delete-scheduled-message',
    needs: { table: 'delete', publish: true, scheduler: true },
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/templates',
    handler: 'http/templates/list-templates',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/templates',
    handler: 'http/templates/create-template',
    needs: { table: 'write' },
    access: 'admin',
  },
  {
    method: 'PUT',
    path: '/api/templates/{id}',
    handler: 'http/templates/update-template',
    needs: { table: 'write' },
    access: 'admin',
  },
  {
    method: 'PATCH',
    path: '/api/templates/{id}',
    handler: 'http/templates/set-template-status',
    needs: { table: 'write' },
    access: 'admin',
  },
  {
    method: 'DELETE',
    path: '/api/templates/{id}',
    handler: 'http/templates/delete-template',
    needs: { table: 'delete' },
    access: 'admin',
  },
] as const satisfies RouteTable;
