import { type ReactNode, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { isMessageNotice, MESSAGE_TYPE_LABELS } from '../../../../../shared/contracts/message-options';
import { useRealtimeMessages } from '../../../lib/realtime-context';
import { useInboxLive } from '../../messages/api/inbox';

const INBOX = '/messages';

/**
 * SPEC 6: a client gets a desktop notification for each new message from the trainer (when
 * permission is granted), on whichever portal page is open; clicking it focuses the tab and opens
 * the message in the inbox. It also keeps the cached inbox and unread count live. Renders nothing.
 */
export function ClientNotifications() {
  useInboxLive();
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
        navigate(`${INBOX}?messageId=${encodeURIComponent(message.id)}`);
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

/** An entry of the signed-in side navigation (signed-in-layout.tsx). */
export type NavItem = { type: 'link'; text: string; href: string; info?: ReactNode } | { type: 'divider' };

/** The client's side navigation with the unread count next to Messages. */
export function withUnreadCount(items: NavItem[], count: number | undefined): NavItem[] {
  if (!count) return items;
  return items.map((item) =>
    item.type === 'link' && item.href === INBOX
      ? {
          ...item,
          info: (
            <span className="shell-badge">
              {count}
              <span className="visually-hidden"> unread</span>
            </span>
          ),
        }
      : item,
  );
}
