import type { ReactNode } from 'react';
import { MESSAGE_PATHS } from '../portal-paths';

/** An entry of the signed-in side navigation (signed-in-layout.tsx). */
export type NavItem = { type: 'link'; text: string; href: string; info?: ReactNode } | { type: 'divider' };

/** The client's side navigation with the unread count next to Messages. */
export function withUnreadCount(items: NavItem[], count: number | undefined): NavItem[] {
  if (!count) return items;
  return items.map((item) =>
    item.type === 'link' && item.href === MESSAGE_PATHS.inbox
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
