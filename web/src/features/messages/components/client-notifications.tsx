import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { isMessageNotice, MESSAGE_TYPE_LABELS } from '#shared/contracts/message-options';
import { MESSAGE_PATHS } from '../../../app/portal-paths';
import { useRealtimeMessages } from '../../../lib/realtime-context';
import { useInboxLive, useUnreadCount } from '../api/inbox';

/**
 * SPEC 6: a client gets a desktop notification for each new message from the trainer (when
 * permission is granted), on whichever portal page is open; clicking it focuses the tab and opens
 * the message in the inbox. It also keeps the cached inbox and unread count live, and reports the
 * count (the navigation's badge). Renders nothing. A chunk of its own: a trainer's screens never load
 * the inbox's code.
 */
export function ClientNotifications({ onUnreadCount }: { onUnreadCount: (count: number | undefined) => void }) {
  useInboxLive();
  const unread = useUnreadCount().data;
  useEffect(() => onUnreadCount(unread), [unread, onUnreadCount]);
  const navigate = useNavigate();
  const shown = useRef(new Set<Notification>());

  useRealtimeMessages((notice) => {
    if (!isMessageNotice(notice) || notice.type !== 'message.delivered') return;
    if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
    const { message } = notice;
    try {
      const n = new Notification(message.subject, {
        body: `New message from your trainer (${MESSAGE_TYPE_LABELS[message.messageType] ?? message.messageType})`,
        tag: `message-${message.id}`,
        icon: '/favicon.svg',
      });
      shown.current.add(n);
      n.onclick = () => {
        window.focus();
        navigate(`${MESSAGE_PATHS.inbox}?messageId=${encodeURIComponent(message.id)}`);
        n.close();
      };
      n.onclose = () => shown.current.delete(n);
    } catch {
      // Some browsers only allow notifications from a service worker: nothing else to do.
    }
  });

  // Leaving the portal (sign-out) closes what is still shown: its click could not navigate any more.
  useEffect(() => {
    const open = shown.current;
    return () => {
      for (const n of open) n.close();
    };
  }, []);
  return null;
}
