import type { RouteTable } from './route-def.js';

/**
 * Vaccination records of clients' dogs (shared/domain/vaccinations.ts): a client keeps their own dogs'
 * records and certificates, the trainer sees and verifies them and reads the due list.
 */
export const vaccinationRoutes = [
  {
    method: 'GET',
    path: '/api/dogs/{dogId}/vaccinations',
    handler: 'http/vaccinations/list-dog-vaccinations',
    needs: { table: 'read' },
    access: 'signed-in',
  },
  {
    method: 'POST',
    path: '/api/dogs/{dogId}/vaccinations',
    handler: 'http/vaccinations/create-vaccination',
    needs: { table: 'write', media: 'write', scheduler: true },
    access: 'client',
  },
  {
    method: 'PUT',
    path: '/api/vaccinations/{recordId}',
    handler: 'http/vaccinations/update-vaccination',
    needs: { table: 'delete', media: 'write', scheduler: true },
    access: 'client',
  },
  {
    method: 'DELETE',
    path: '/api/vaccinations/{recordId}',
    handler: 'http/vaccinations/delete-vaccination',
    needs: { table: 'delete', media: 'write', scheduler: true },
    access: 'client',
  },
  {
    method: 'POST',
    path: '/api/vaccinations/{recordId}/verify',
    handler: 'http/vaccinations/verify-vaccination',
    needs: { table: 'write' },
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/vaccinations/{recordId}/certificate',
    handler: 'http/vaccinations/get-certificate-link',
    needs: { table: 'read', media: 'read' },
    access: 'signed-in',
  },
  {
    method: 'POST',
    path: '/api/uploads/certificate',
    handler: 'http/vaccinations/create-certificate-upload',
    needs: { media: 'write' },
    access: 'client',
  },
  {
    method: 'GET',
    path: '/api/vaccinations/due',
    handler: 'http/vaccinations/list-vaccinations-due',
    needs: { table: 'read' },
    access: 'admin',
  },
] as const satisfies RouteTable;
