import { getSessionStats } from '../../../shared/domain/session-stats.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/sessions/stats (admin): total, upcoming, today (business time zone) and active clients. */
export const handler = httpHandler({}, async () => ({ body: await getSessionStats() }));
