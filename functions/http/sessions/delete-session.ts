import { sessionPathParams } from '../../../shared/contracts/sessions.js';
import { deleteSession } from '../../../shared/domain/sessions.js';
import { httpHandler } from '../../lib/http.js';
import { logSessionFailures } from './log-failures.js';

/** DELETE /api/sessions/{id} (admin): the session, its counters and (when completed) its dog's analytics. */
export const handler = httpHandler({ params: sessionPathParams }, async ({ params }) => {
  const { failures } = await deleteSession(params.id);
  logSessionFailures(params.id, failures);
  return { status: 204 };
});
