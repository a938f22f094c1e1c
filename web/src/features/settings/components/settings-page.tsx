import './settings.css';
import ContentLayout from '@cloudscape-design/components/content-layout';
import Header from '@cloudscape-design/components/header';
import type { ReactElement } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { Seo } from '../../../components/seo';
import { type Role, useAuth } from '../../../lib/auth-context';
import { BusinessTab } from './business-tab';
import { GeneralTab } from './general-tab';
import { IntegrationsTab } from './integrations-tab';
import { ProfileTab } from './profile-tab';
import { TrainingTab } from './training-tab';

export type SettingsTabId = 'profile' | 'general' | 'business' | 'integrations' | 'training';

interface TabDef {
  id: SettingsTabId;
  label: string;
  roles: readonly Role[];
  render: () => ReactElement;
}

/** SPEC 2: all users Profile & Account and General; admins Business and Integrations; clients Training Preferences. */
export const SETTINGS_TABS: readonly TabDef[] = [
  { id: 'profile', label: 'Profile & Account', roles: ['admin', 'client'], render: () => <ProfileTab /> },
  { id: 'general', label: 'General', roles: ['admin', 'client'], render: () => <GeneralTab /> },
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
        <section aria-label={active.label}>{active.render()}</section>
      </div>
    </ContentLayout>
  );
}
