import type { RouteTable } from './route-def.js';

/** The render on publish as the editor sees it: when a section's pages went live, or that the last render failed. */
export const websiteLiveRoutes = [
  {
    method: 'GET',
    path: '/api/admin/website/{section}/live',
    handler: 'http/content/get-website-live',
    needs: { table: 'read' },
    access: 'admin',
  },
] as const satisfies RouteTable;
