import { pushToConnections } from '../../shared/adapters/realtime.js';
import type { ConversationChangedDetail, ConversationChangedNotice } from '../../shared/contracts/conversations.js';
import { listConnectionIdsByProfile, listConnectionIdsByRole } from '../../shared/domain/connections.js';
import { findPost } from '../../shared/domain/conversations.js';
import { type PushNotice, pushToPerson, pushToTrainer } from '../../shared/domain/push-notices.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/** A post's notice to the other side's devices: who wrote, the start of what they wrote, the thread. */
function postNotice(detail: ConversationChangedDetail): PushNotice {
  const { threadId, postId, postAt, by } = detail;
  return async () => {
    const post = postId && postAt ? await findPost(threadId, postAt, postId) : undefined;
    if (!post) return undefined;
    const text = post.content.replace(/\s+/g, ' ').trim();
    const base = by === 'client' ? '/dashboard/messages' : '/messages';
    return {
      title: by === 'client' ? `New message from ${post.authorName}` : 'New message from your trainer',
      body: text.length > 140 ? `${text.slice(0, 139)}…` : text,
      url: `${base}?threadId=${encodeURIComponent(threadId)}`,
    };
  };
}

/**
 * A post or a read of a conversation: every admin's open tabs (the inbox, the thread, the navigation's
 * count) and the conversation's own client's (nobody else's) refetch it. The notice names the thread
 * only; each side reads it through its own routes. A post also reaches the other side's devices, once
 * per post (ADR 0055).
 */
export const handler = eventHandler<ConversationChangedDetail>('events/notify-conversation-changed', async (event) => {
  const { threadId, clientId, kind, by, postId } = event.detail;
  if (kind === 'posted' && postId) {
    const eventKey = `post:${postId}`;
    const notice = postNotice(event.detail);
    const pushed =
      by === 'client' ? await pushToTrainer(eventKey, notice) : await pushToPerson(clientId, eventKey, notice);
    logger.info('Conversation push notices', { ...pushed });
  }
  const [admins, client] = await Promise.all([listConnectionIdsByRole('admin'), listConnectionIdsByProfile(clientId)]);
  const ids = [...new Set([...admins, ...client])];
  if (ids.length === 0) return;
  const notice: ConversationChangedNotice = { type: 'conversation.changed', threadId, kind, by };
  await pushToConnections(ids, notice);
});
