import { listClientHomework } from '../../../shared/domain/session-lists.js';
import { httpHandler } from '../../lib/http.js';
import { clientIdParams } from './params.js';

/**
 * GET /api/clients/{id}/homework (admin): the client's delivered messages the session form offers as
 * Relevant Homework (homework first, then by type, newest first; a 200-character preview each).
 */
export const handler = httpHandler({ params: clientIdParams }, async ({ params }) => ({
  body: { items: await listClientHomework(params.id) },
}));
