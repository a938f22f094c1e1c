import type { ReactNode } from 'react';
import { MESSAGE_PATHS } from '../portal-paths';

/** An entry of the signed-in side navigation (signed-in-layout.tsx). */
export type NavItem = { type: 'link'; text: string; href: string; info?: ReactNode } | { type: 'divider' };

/** The side navigation with the unread count next to `href` (the client's inbox, or the trainer's Messages). */
export function withUnreadCount(
  items: NavItem[],
  count: number | undefined,
  href: string = MESSAGE_PATHS.inbox,
): NavItem[] {
  if (!count) return items;
  return items.map((item) =>
    item.type === 'link' && item.href === href
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
