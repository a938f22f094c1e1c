import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withUnreadCount } from './nav-items';

describe('unread count in the navigation', () => {
  const NAV = [
    { type: 'link' as const, text: 'Dashboard', href: '/dashboard' },
    { type: 'link' as const, text: 'Messages', href: '/messages' },
  ];

  it('shows a badge next to Messages only while there are unread messages', () => {
    expect(withUnreadCount(NAV, 0)).toBe(NAV);
    expect(withUnreadCount(NAV, undefined)).toBe(NAV);
    const items = withUnreadCount(NAV, 3);
    expect(items[0]).toBe(NAV[0]);
    const messages = items[1] as { info?: React.ReactNode };
    render(<div data-testid="info">{messages.info}</div>);
    expect(screen.getByTestId('info')).toHaveTextContent('3 unread');
  });

  it("shows the trainer's unread conversations next to the trainer's Messages", () => {
    const ADMIN = [
      { type: 'link' as const, text: 'Dashboard', href: '/dashboard' },
      { type: 'link' as const, text: 'Messages', href: '/dashboard/messages' },
    ];
    expect(withUnreadCount(ADMIN, 2)).toEqual(ADMIN);
    const items = withUnreadCount(ADMIN, 2, '/dashboard/messages');
    expect(items[0]).toBe(ADMIN[0]);
    render(<div data-testid="admin-info">{(items[1] as { info?: React.ReactNode }).info}</div>);
    expect(screen.getByTestId('admin-info')).toHaveTextContent('2 unread');
  });
});
