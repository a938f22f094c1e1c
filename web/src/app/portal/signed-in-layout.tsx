import './signed-in-layout.css';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router-dom';
import { HamburgerIcon } from '../../components/icons';
import { PlainLink } from '../../components/portal/plain-link';
import { ToastList } from '../../components/portal/toast-list';
import { RequireAuth } from '../../features/auth/components/require-auth';
import { PortalTheme } from '../../features/settings/components/portal-theme';
import { type Role, useAuth } from '../../lib/auth-context';
import { BusinessZoneGate } from '../../lib/business-zone';
import { useNotificationPermission } from '../../lib/desktop-notifications';
import { MESSAGE_PATHS } from '../portal-paths';
import { ConnectionStatus } from './connection-status';
import { type NavItem, withUnreadCount } from './nav-items';

/*
 * The signed-in shell is plain, accessible HTML (ADR 0015): Cloudscape's app layout, top and side
 * navigation and flashbar cost ~90 KB gzip on every screen. The screens inside stay Cloudscape.
 */

/** The live notifications of each role, each in its own chunk (the other role's code never loads). */
const AdminNotifications = lazy(() =>
  import('../../features/contact-submissions/components/admin-notifications').then((m) => ({
    default: m.AdminNotifications,
  })),
);
const PaymentNotifications = lazy(() =>
  import('../../features/payments/components/payment-notifications').then((m) => ({
    default: m.PaymentNotifications,
  })),
);
// The client's inbox link (only clients see it): its own chunk, so the trainer's screens do not carry it.
const InboxLink = lazy(() => import('./inbox-link').then((m) => ({ default: m.InboxLink })));
const ConversationCount = lazy(() =>
  import('../../features/messages/components/conversation-count').then((m) => ({ default: m.ConversationCount })),
);
const ClientNotifications = lazy(() =>
  import('../../features/messages/components/client-notifications').then((m) => ({ default: m.ClientNotifications })),
);

const ADMIN_NAV: NavItem[] = [
  { type: 'link', text: 'Dashboard', href: '/dashboard' },
  { type: 'link', text: 'Contact Submissions', href: '/dashboard/contact-submissions' },
  { type: 'link', text: 'Client Management', href: '/dashboard/clients' },
  { type: 'link', text: 'Messages', href: '/dashboard/messages' },
  { type: 'link', text: 'Message Templates', href: '/admin/templates' },
  { type: 'link', text: 'Sessions', href: '/dashboard/sessions' },
  { type: 'link', text: 'Classes', href: '/dashboard/classes' },
  { type: 'divider' },
  { type: 'link', text: 'Analytics', href: '/dashboard/analytics' },
  { type: 'link', text: 'Payments', href: '/dashboard/payments' },
  { type: 'link', text: 'Discount Codes', href: '/dashboard/discounts' },
  { type: 'link', text: 'Vaccinations', href: '/dashboard/vaccinations' },
  { type: 'link', text: 'Website Configuration', href: '/dashboard/website-config' },
  { type: 'link', text: 'Settings', href: '/dashboard/settings' },
];

const CLIENT_NAV: NavItem[] = [
  { type: 'link', text: 'Dashboard', href: '/dashboard' },
  { type: 'link', text: 'Messages', href: '/messages' },
  { type: 'link', text: 'Sessions', href: '/sessions' },
  { type: 'link', text: 'Classes', href: '/dashboard/classes' },
  { type: 'link', text: 'Referrals', href: '/referrals' },
  { type: 'link', text: 'Settings', href: '/dashboard/settings' },
];

export const navigationFor = (role: Role | null | undefined) => (role === 'admin' ? ADMIN_NAV : CLIENT_NAV);

/** The entry for `pathname`: the exact link, else the longest link the path lies under (a client's page under Client Management). */
export function activeHref(items: NavItem[], pathname: string): string | undefined {
  let best: string | undefined;
  for (const item of items) {
    if (item.type !== 'link') continue;
    if (item.href === pathname) return item.href;
    if (pathname.startsWith(`${item.href}/`) && (!best || item.href.length > best.length)) best = item.href;
  }
  return best;
}

type NavLinkItem = Extract<NavItem, { type: 'link' }>;

/** The links between dividers: one list each, separated by a rule. */
function groups(items: NavItem[]): NavLinkItem[][] {
  const out: NavLinkItem[][] = [[]];
  for (const item of items) {
    if (item.type === 'divider') out.push([]);
    else out[out.length - 1].push(item);
  }
  return out.filter((g) => g.length > 0);
}

const BellIcon = () => (
  <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" strokeLinejoin="round" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" strokeLinecap="round" />
  </svg>
);

const UserIcon = () => (
  <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <circle cx="12" cy="8" r="4" />
    <path d="M4 21a8 8 0 0 1 16 0" strokeLinecap="round" />
  </svg>
);

const CaretIcon = () => (
  <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden="true">
    <path d="M2 4l4 4 4-4z" fill="currentColor" />
  </svg>
);

/**
 * Registers the service worker (push notices, the offline shell; ADR 0058) once the browser is idle or the
 * page first used, after the first paint. The browser's call itself, inline: importing lib/service-worker
 * (which the Notifications tab uses) made a chunk of its own, more bytes than the call on every screen.
 */
function useServiceWorkerLater() {
  useEffect(() => {
    // The browser registers a script once however often asked: no need to tell which came first.
    const start = () => void navigator.serviceWorker?.register('/sw.js').catch(() => undefined);
    const idle = window.requestIdleCallback?.(start);
    for (const e of ['pointerdown', 'keydown']) window.addEventListener(e, start, { once: true });
    return () => {
      for (const e of ['pointerdown', 'keydown']) window.removeEventListener(e, start);
      if (idle) window.cancelIdleCallback(idle);
    };
  }, []);
}

/** Closes on Escape (focus back on its button) and on a click or focus outside it. */
function useDismiss(open: boolean, close: () => void, root: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    const onOutside = (event: Event) => {
      if (root.current && event.target instanceof Node && !root.current.contains(event.target)) close();
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('mousedown', onOutside);
    document.addEventListener('focusin', onOutside);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('mousedown', onOutside);
      document.removeEventListener('focusin', onOutside);
    };
  }, [open, close, root]);
}

/** The account button and its menu (Settings, Sign out; on small screens also the bar's other actions). */
function AccountMenu({
  email,
  role,
  notifications,
}: {
  email: string | undefined;
  role: Role | null | undefined;
  notifications?: { title: string; enable: () => void };
}) {
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const close = () => {
    setOpen(false);
    if (root.current?.contains(document.activeElement)) button.current?.focus();
  };
  useDismiss(open, close, root);
  return (
    <div className="shell-account" ref={root}>
      <button
        ref={button}
        type="button"
        className="shell-header__action shell-account__button"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Account menu${email ? ` for ${email}` : ''}`}
        onClick={() => setOpen((o) => !o)}
      >
        <UserIcon />
        <span className="shell-account__email">{email || 'Account'}</span>
        <CaretIcon />
      </button>
      <div id={menuId} className="shell-account__menu" hidden={!open}>
        <p className="shell-account__who">
          <span>{email || 'Account'}</span>
          <span className="shell-account__role">{role === 'admin' ? 'Trainer' : 'Client'}</span>
        </p>
        <ul>
          {notifications && (
            <li className="shell-small-only">
              <button
                type="button"
                className="shell-account__item"
                title={notifications.title}
                onClick={() => {
                  setOpen(false);
                  notifications.enable();
                }}
              >
                <BellIcon />
                Enable notifications
              </button>
            </li>
          )}
          <li className="shell-small-only">
            <a className="shell-account__item" href="/">
              Website
            </a>
          </li>
          <li>
            <PlainLink className="shell-account__item" href="/dashboard/settings" onClick={() => setOpen(false)}>
              Settings
            </PlainLink>
          </li>
          <li>
            <button
              type="button"
              className="shell-account__item"
              onClick={async () => {
                setOpen(false);
                await signOut();
                navigate('/login', { replace: true });
              }}
            >
              Sign out
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}

function PortalFrame() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [permission, requestPermission] = useNotificationPermission();
  const [unread, setUnread] = useState<number>();
  const toggle = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  // The client's unread messages next to their inbox; the trainer's unread client conversations next to Messages.
  const items = withUnreadCount(
    navigationFor(user?.role),
    user ? unread : undefined,
    user?.role === 'admin' ? MESSAGE_PATHS.sent : MESSAGE_PATHS.inbox,
  );
  const active = activeHref(items, pathname);

  // Closed by its Close button, Escape or the backdrop, the drawer gives the focus back to its toggle
  // (once the bar is no longer inert).
  const restoreFocus = useRef(false);
  const closeDrawer = () => {
    restoreFocus.current = true;
    setDrawerOpen(false);
  };
  useEffect(() => {
    if (drawerOpen || !restoreFocus.current) return;
    restoreFocus.current = false;
    toggle.current?.focus();
  }, [drawerOpen]);
  // The drawer (small screens): its Close button takes the focus; Escape closes it.
  useEffect(() => {
    if (!drawerOpen) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        restoreFocus.current = true;
        setDrawerOpen(false);
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [drawerOpen]);
  // A new page closes it, and so does a window grown past the drawer's width.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation only
  useEffect(() => setDrawerOpen(false), [pathname]);
  useEffect(() => {
    const wide = window.matchMedia?.('(min-width: 688px)');
    const onChange = () => wide?.matches && setDrawerOpen(false);
    wide?.addEventListener('change', onChange);
    return () => wide?.removeEventListener('change', onChange);
  }, []);

  useServiceWorkerLater();

  const notifications =
    user && permission === 'default'
      ? {
          title: `Get a desktop notification for each new ${user.role === 'admin' ? 'contact submission' : 'message'}`,
          enable: () => void requestPermission(),
        }
      : undefined;

  return (
    <div className={`shell${drawerOpen ? ' shell--drawer-open' : ''}`}>
      <PortalTheme />
      <Suspense fallback={null}>
        {user?.role === 'admin' && <AdminNotifications />}
        {user?.role === 'admin' && <PaymentNotifications />}
        {user?.role === 'admin' && <ConversationCount onUnreadCount={setUnread} />}
        {user?.role === 'client' && <ClientNotifications onUnreadCount={setUnread} />}
      </Suspense>
      <a className="shell-skip" href="#portal-main">
        Skip to main content
      </a>
      <header className="shell-header" inert={drawerOpen}>
        <button
          ref={toggle}
          type="button"
          className="shell-header__toggle"
          aria-label="Open navigation"
          aria-expanded={drawerOpen}
          aria-controls="portal-navigation"
          onClick={() => setDrawerOpen(true)}
        >
          <HamburgerIcon size={24} />
        </button>
        <PlainLink href="/dashboard" className="shell-header__brand">
          <img src="/favicon.svg" alt="Pawsitive Dog Training" width={32} height={32} />
          <span>Pawsitive Portal</span>
        </PlainLink>
        <div className="shell-header__utilities">
          {notifications && (
            <button
              type="button"
              className="shell-header__action shell-large-only"
              title={notifications.title}
              onClick={notifications.enable}
            >
              <BellIcon />
              <span>Enable notifications</span>
            </button>
          )}
          <a className="shell-header__action shell-large-only" href="/">
            Website
          </a>
          {user?.role === 'client' && (
            <Suspense fallback={null}>
              <InboxLink unread={unread} />
            </Suspense>
          )}
          <AccountMenu email={user?.email} role={user?.role} notifications={notifications} />
        </div>
      </header>
      <div className="shell-body">
        {drawerOpen && <div className="shell-backdrop" aria-hidden="true" onClick={closeDrawer} />}
        <nav id="portal-navigation" className="shell-nav" aria-label="Portal navigation">
          <div className="shell-nav__header">
            <PlainLink href="/dashboard" className="shell-nav__title">
              Portal
            </PlainLink>
            <button
              ref={closeButton}
              type="button"
              className="shell-nav__close"
              aria-label="Close navigation"
              onClick={closeDrawer}
            >
              <HamburgerIcon size={24} open />
            </button>
          </div>
          {groups(items).map((group) => (
            <ul key={group[0]?.href} className="shell-nav__list">
              {group.map((item) => (
                <li key={item.href}>
                  <PlainLink
                    href={item.href}
                    className="shell-nav__link"
                    aria-current={item.href === active ? 'page' : undefined}
                  >
                    <span>{item.text}</span>
                    {item.info}
                  </PlainLink>
                </li>
              ))}
            </ul>
          ))}
        </nav>
        <main id="portal-main" className="shell-main" tabIndex={-1} inert={drawerOpen}>
          <ConnectionStatus />
          <BusinessZoneGate>
            <Outlet />
          </BusinessZoneGate>
        </main>
      </div>
      <div className="shell-toasts">
        <ToastList />
      </div>
    </div>
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
