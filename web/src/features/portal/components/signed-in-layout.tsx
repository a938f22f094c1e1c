import AppLayout from '@cloudscape-design/components/app-layout';
import SideNavigation, { type SideNavigationProps } from '@cloudscape-design/components/side-navigation';
import TopNavigation from '@cloudscape-design/components/top-navigation';
import { useEffect, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { type Role, useAuth } from '../../../lib/auth-context';
import { useNotificationPermission } from '../../../lib/desktop-notifications';
import { RequireAuth } from '../../auth/components/require-auth';
import { useUnreadCount } from '../../messages/api/inbox';
import { PortalTheme } from '../../settings/components/portal-theme';
import { AdminNotifications } from './admin-notifications';
import { ClientNotifications, withUnreadCount } from './client-notifications';
import { ConnectionStatus } from './connection-status';
import { PORTAL_LOGO } from './portal-root';
import { useFollow } from './router-link';
import { ToastFlashbar } from './toast-flashbar';

const ADMIN_NAV: SideNavigationProps.Item[] = [
  { type: 'link', text: 'Dashboard', href: '/dashboard' },
  { type: 'link', text: 'Contact Submissions', href: '/dashboard/contact-submissions' },
  { type: 'link', text: 'Client Management', href: '/dashboard/clients' },
  { type: 'link', text: 'Messages', href: '/dashboard/messages' },
  { type: 'link', text: 'Message Templates', href: '/admin/templates' },
  { type: 'link', text: 'Sessions', href: '/dashboard/sessions' },
  { type: 'divider' },
  { type: 'link', text: 'Analytics', href: '/dashboard/analytics' },
  { type: 'link', text: 'Discount Codes', href: '/dashboard/discounts' },
  { type: 'link', text: 'Website Configuration', href: '/dashboard/website-config' },
  { type: 'link', text: 'Settings', href: '/dashboard/settings' },
];

const CLIENT_NAV: SideNavigationProps.Item[] = [
  { type: 'link', text: 'Dashboard', href: '/dashboard' },
  { type: 'link', text: 'Messages', href: '/messages' },
  { type: 'link', text: 'Sessions', href: '/sessions' },
  { type: 'link', text: 'Referrals', href: '/referrals' },
  { type: 'link', text: 'Settings', href: '/dashboard/settings' },
];

export const navigationFor = (role: Role | null | undefined) => (role === 'admin' ? ADMIN_NAV : CLIENT_NAV);

/**
 * Cloudscape's app layout marks its small-screen toolbar <nav> with aria-orientation, which a nav may
 * not carry (axe: aria-allowed-attr). The attribute does nothing there; it is removed whenever the
 * layout renders it, so the portal stays free of accessibility violations.
 */
function useNoOrientationOnNav() {
  useEffect(() => {
    const strip = () => {
      for (const nav of document.querySelectorAll('nav[aria-orientation]')) nav.removeAttribute('aria-orientation');
    };
    strip();
    const observer = new MutationObserver(strip);
    observer.observe(document.body, { subtree: true, childList: true, attributeFilter: ['aria-orientation'] });
    return () => observer.disconnect();
  }, []);
}

function PortalFrame() {
  useNoOrientationOnNav();
  const { user, signOut } = useAuth();
  const follow = useFollow();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [navigationOpen, setNavigationOpen] = useState(true);
  const [permission, requestPermission] = useNotificationPermission();
  const unread = useUnreadCount(user?.role === 'client');

  return (
    <>
      <PortalTheme />
      {user?.role === 'admin' && <AdminNotifications />}
      {user?.role === 'client' && <ClientNotifications />}
      <div id="portal-header" className="portal-header">
        <TopNavigation
          i18nStrings={{
            overflowMenuTriggerText: 'More',
            overflowMenuTitleText: 'All',
            overflowMenuBackIconAriaLabel: 'Back',
            overflowMenuDismissIconAriaLabel: 'Close menu',
          }}
          identity={{
            href: '/dashboard',
            title: 'Pawsitive Portal',
            logo: { src: PORTAL_LOGO, alt: 'Pawsitive Dog Training' },
            onFollow: follow,
          }}
          utilities={[
            ...(user && permission === 'default'
              ? [
                  {
                    type: 'button' as const,
                    iconName: 'notification' as const,
                    text: 'Enable notifications',
                    title: `Get a desktop notification for each new ${user.role === 'admin' ? 'contact submission' : 'message'}`,
                    onClick: () => void requestPermission(),
                  },
                ]
              : []),
            { type: 'button', text: 'Website', href: '/', onFollow: follow },
            {
              type: 'menu-dropdown',
              text: user?.email || 'Account',
              // On small screens only the icon shows: the menu still needs a name.
              ariaLabel: `Account menu${user?.email ? ` for ${user.email}` : ''}`,
              description: user?.role === 'admin' ? 'Trainer' : 'Client',
              iconName: 'user-profile',
              items: [
                { id: 'settings', text: 'Settings', href: '/dashboard/settings' },
                { id: 'signout', text: 'Sign out' },
              ],
              onItemFollow: follow,
              onItemClick: async ({ detail }) => {
                if (detail.id !== 'signout') return;
                await signOut();
                navigate('/login', { replace: true });
              },
            },
          ]}
        />
      </div>
      <AppLayout
        headerSelector="#portal-header"
        toolsHide
        navigationOpen={navigationOpen}
        onNavigationChange={({ detail }) => setNavigationOpen(detail.open)}
        navigation={
          <SideNavigation
            header={{ text: 'Portal', href: '/dashboard' }}
            activeHref={pathname}
            items={withUnreadCount(navigationFor(user?.role), unread.data)}
            onFollow={follow}
          />
        }
        notifications={
          <>
            <ConnectionStatus />
            <ToastFlashbar />
          </>
        }
        ariaLabels={{
          navigation: 'Portal navigation',
          navigationClose: 'Close navigation',
          navigationToggle: 'Open navigation',
        }}
        content={<Outlet />}
      />
    </>
  );
}

/** Every signed-in page: the session guard, the top bar, side navigation and toasts. */
export function SignedInLayout() {
  return (
    <RequireAuth>
      <PortalFrame />
    </RequireAuth>
  );
}
