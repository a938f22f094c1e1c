import { sessionPathParams } from '../../../shared/contracts/sessions.js';
import { getSession, toAdminSessionView } from '../../../shared/domain/sessions.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/sessions/{id} (admin): one session with the client's contact details (the edit form). */
export const handler = httpHandler({ params: sessionPathParams }, async ({ params }) => ({
  body: { session: await toAdminSessionView(await getSession(params.id)) },
}));
