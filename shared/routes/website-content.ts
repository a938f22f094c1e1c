import type { RouteTable } from './route-def.js';

/**
 * The website editor (admin): the sections, their records (drafts included), saving with the version
 * read, deleting, and images (a presigned upload, then the server checks it and makes the public files).
 * A write that changes what the public sees raises `WebsiteContentChanged` through the outbox.
 */
export const websiteContentRoutes = [
  {
    method: 'GET',
    path: '/api/website/sections',
    handler: 'http/content/list-sections',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'GET',
    path: '/api/website/sections/{section}/content',
    handler: 'http/content/list-section-content',
    needs: { table: 'read' },
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/website/sections/{section}/content',
    handler: 'http/content/create-content',
    needs: { table: 'write', media: 'write' },
    access: 'admin',
  },
  {
    method: 'PUT',
    path: '/api/website/content/{id}',
    handler: 'http/content/update-content',
    needs: { table: 'write', media: 'write' },
    access: 'admin',
  },
  {
    method: 'DELETE',
    path: '/api/website/content/{id}',
    handler: 'http/content/delete-content',
    needs: { table: 'delete' },
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/website/uploads',
    handler: 'http/content/create-image-upload',
    needs: { media: 'write' },
    access: 'admin',
  },
  {
    method: 'POST',
    path: '/api/website/images',
    handler: 'http/content/process-image',
    needs: { media: 'write' },
    access: 'admin',
  },
] as const satisfies RouteTable;
