import './settings.css';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import { lazy, type ReactElement, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { PageLoading } from '../../../app/page-loading';
import { Seo } from '../../../components/seo';
import { type Role, useAuth } from '../../../lib/auth-context';

/** Each tab is a chunk of its own: a tab's forms (a Select, a Modal) load when the tab is opened. */
const ProfileTab = lazy(() => import('./profile-tab').then((m) => ({ default: m.ProfileTab })));
const GeneralTab = lazy(() => import('./general-tab').then((m) => ({ default: m.GeneralTab })));
const BusinessTab = lazy(() => import('./business-tab').then((m) => ({ default: m.BusinessTab })));
const IntegrationsTab = lazy(() => import('./integrations-tab').then((m) => ({ default: m.IntegrationsTab })));
const NotificationsTab = lazy(() => import('./notifications-tab').then((m) => ({ default: m.NotificationsTab })));
const TrainingTab = lazy(() => import('./training-tab').then((m) => ({ default: m.TrainingTab })));

export type SettingsTabId = 'profile' | 'general' | 'notifications' | 'business' | 'integrations' | 'training';

interface TabDef {
  id: SettingsTabId;
  label: string;
  roles: readonly Role[];
  render: () => ReactElement;
}

/** SPEC 2: all users Profile & Account, General and Notifications (this device's push, ADR 0058); admins Business and Integrations; clients Training Preferences. */
export const SETTINGS_TABS: readonly TabDef[] = [
  { id: 'profile', label: 'Profile & Account', roles: ['admin', 'client'], render: () => <ProfileTab /> },
  { id: 'general', label: 'General', roles: ['admin', 'client'], render: () => <GeneralTab /> },
  {
    id: 'notifications',
    label: 'Notifications',
    roles: ['admin', 'client'],
    render: () => <NotificationsTab />,
  },
  { id: 'business', label: 'Business', roles: ['admin'], render: () => <BusinessTab /> },
  { id: 'integrations', label: 'Integrations', roles: ['admin'], render: () => <IntegrationsTab /> },
  { id: 'training', label: 'Training Preferences', roles: ['client'], render: () => <TrainingTab /> },
];

export const tabsFor = (role: Role | null | undefined) =>
  SETTINGS_TABS.filter((t) => t.roles.includes(role === 'admin' ? 'admin' : 'client'));

/**
 * /dashboard/settings?tab=: a side tab menu (the active tab in the URL, so a reload or a shared link
 * opens it again) beside the tab's forms; every setting is saved on the server.
 */
export function SettingsPage() {
  const { user } = useAuth();
  const [params] = useSearchParams();
  const tabs = tabsFor(user?.role);
  const active = tabs.find((t) => t.id === params.get('tab')) ?? tabs[0];
  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Your profile and preferences, saved with your account on every device.">
          Settings
        </Header>
      }
    >
      <Seo title="Settings | Pawsitive Portal" description="Your settings" robots="noindex, nofollow" />
      <div className="settings-layout">
        <nav className="settings-tabs" aria-label="Settings sections">
          <ul>
            {tabs.map((t) => (
              <li key={t.id}>
                <Link to={`?tab=${t.id}`} aria-current={t.id === active.id ? 'page' : undefined}>
                  {t.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <section aria-label={active.label}>
          <Suspense fallback={<PageLoading />}>{active.render()}</Suspense>
        </section>
      </div>
    </ContentLayout>
  );
}
