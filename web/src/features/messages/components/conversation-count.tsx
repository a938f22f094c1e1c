import { useEffect } from 'react';
import { useConversationsUnreadCount, useConversationsUnreadCountLive } from '../api/conversations';

/**
 * The trainer's count of unread client conversations, reported for the navigation's badge next to
 * Messages, live (a client's post raises it at once). Renders nothing; a chunk of its own, loaded for the trainer only.
 */
export function ConversationCount({ onUnreadCount }: { onUnreadCount: (count: number | undefined) => void }) {
  useConversationsUnreadCountLive();
  const unread = useConversationsUnreadCount().data;
  useEffect(() => onUnreadCount(unread), [unread, onUnreadCount]);
  return null;
}
