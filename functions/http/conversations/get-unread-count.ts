import { trainerUnreadTotal } from '../../../shared/domain/conversation-lists.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/conversations/unread-count (admin): conversations with client posts the trainer has not read (the navigation's count). */
export const handler = httpHandler({}, async () => ({ body: { count: await trainerUnreadTotal() } }));
