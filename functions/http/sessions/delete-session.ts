import { sessionPathParams } from '../../../shared/contracts/sessions.js';
import { deleteSession } from '../../../shared/domain/session-writes.js';
import { httpHandler } from '../../lib/http.js';

/**
 * DELETE /api/sessions/{id} (admin): the session, its counters and (when completed) its dog's
 * analytics; its reminder schedule goes after (the write's outbox event).
 */
export const handler = httpHandler({ params: sessionPathParams }, async ({ params }) => {
  await deleteSession(params.id);
  return { status: 204 };
});
