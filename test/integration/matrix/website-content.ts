import { api } from '../../support/api.js';
import { ADMIN_ONLY, type Expectations } from './types.js';

/** A draft program of the admin's own, for the update and delete rows (drafts change nothing public). */
async function draftProgram(token: string) {
  const res = await api('POST', '/api/website/sections/programs/content', {
    token,
    body: { status: 'draft', sortOrder: 99, fields: { program_title: 'Matrix', description: 'M', features: 'One' } },
  });
  return res.body.content as { id: string; version: number };
}

const DRAFT = {
  status: 'draft',
  sortOrder: 99,
  fields: { program_title: 'Matrix', description: 'M', features: 'One' },
};

/**
 * The website editor: only the trainer. The callers who are refused are refused before anything is
 * read, so their rows use a made-up id; the admin's rows act on a draft of their own.
 */
export const websiteContentExpectations: Expectations = {
  'GET /api/website/sections': { request: () => ({ path: '/api/website/sections' }), status: ADMIN_ONLY },
  'GET /api/website/sections/{section}/content': {
    request: () => ({ path: '/api/website/sections/programs/content' }),
    status: ADMIN_ONLY,
  },
  'POST /api/website/sections/{section}/content': {
    request: () => ({ path: '/api/website/sections/programs/content', body: DRAFT }),
    status: { anonymous: 401, clientA: 403, clientB: 403, admin: 201 },
  },
  'PUT /api/website/content/{id}': {
    request: async (users, caller) => {
      const c = caller === 'admin' ? await draftProgram(users.admin.idToken) : { id: 'not-checked', version: 1 };
      return { path: `/api/website/content/${c.id}`, body: { ...DRAFT, version: c.version } };
    },
    status: ADMIN_ONLY,
  },
  'DELETE /api/website/content/{id}': {
    request: async (users, caller) => {
      const c = caller === 'admin' ? await draftProgram(users.admin.idToken) : { id: 'not-checked' };
      return { path: `/api/website/content/${c.id}` };
    },
    status: { anonymous: 401, clientA: 403, clientB: 403, admin: 204 },
  },
  'POST /api/website/uploads': {
    request: () => ({
      path: '/api/website/uploads',
      body: { section: 'hero', fieldKey: 'background_image', contentType: 'image/png', size: 1000 },
    }),
    status: { anonymous: 401, clientA: 403, clientB: 403, admin: 201 },
  },
  // A key never uploaded: the admin gets past the access check and is told the file is missing.
  'POST /api/website/images': {
    request: () => ({
      path: '/api/website/images',
      body: { key: 'uploads/website/hero/background_image-1732612345678.png' },
    }),
    status: { anonymous: 401, clientA: 403, clientB: 403, admin: 400 },
  },
};
