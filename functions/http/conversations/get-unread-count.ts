import { trainerUnreadTotal } from '../../../shared/domain/conversations.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/conversations/unread-count (admin): conversations with client posts the trainer has not read (the navigation's count). */
export const handler = httpHandler({}, async () => ({ body: { count: await trainerUnreadTotal() } }));
