import Button from '@cloudscape-design/components/button';
import Container from '@cloudscape-design/components/container';
import Form from '@cloudscape-design/components/form';
import FormField from '@cloudscape-design/components/form-field';
import Header from '@cloudscape-design/components/header';
import RadioGroup from '@cloudscape-design/components/radio-group';
import SpaceBetween from '@cloudscape-design/components/space-between';
import Toggle from '@cloudscape-design/components/toggle';
import { type FormEvent, useState } from 'react';
import {
  type GeneralPreferences,
  SETTINGS_TEXTS,
  type Theme,
  type TimeFormat,
} from '#shared/contracts/settings-options';
import { ApiError } from '../../../lib/api';
import { useAuth } from '../../../lib/auth-context';
import { usePreferences } from '../../../lib/queries/preferences';
import { useToasts } from '../../../lib/toasts';
import { useSavePreferences } from '../api/settings';
import { CalendarFeedContainer } from './calendar-feed-container';
import { TabLoadError, TabLoading } from './settings-states';
import { applyTheme } from './theme';

/** The trainer's clock for typed times (the session form, scheduled sends, availability). */
const TIME_FORMAT_ITEMS = [
  { value: '12h', label: '12-hour clock', description: 'e.g. 02:30 PM' },
  { value: '24h', label: '24-hour clock', description: 'e.g. 14:30' },
];

function GeneralForm({ initial, timeFormats }: { initial: GeneralPreferences; timeFormats: boolean }) {
  const { notify } = useToasts();
  const save = useSavePreferences();
  const [values, setValues] = useState<GeneralPreferences>(initial);
  const [formError, setFormError] = useState<string | undefined>(undefined);
  const set = <K extends keyof GeneralPreferences>(key: K, value: GeneralPreferences[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setFormError(undefined);
  };

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (save.isPending) return;
    try {
      const { preferences } = await save.mutateAsync(values);
      void applyTheme(preferences.theme);
      notify({ type: 'success', content: SETTINGS_TEXTS.preferencesSaved });
    } catch (e) {
      if (e instanceof ApiError && e.status === 400 && e.message) setFormError(e.message);
      notify({ type: 'error', content: SETTINGS_TEXTS.preferencesSaveFailed });
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <Form
        errorText={formError}
        actions={
          <Button variant="primary" formAction="submit" loading={save.isPending}>
            {save.isPending ? 'Saving...' : 'Save Settings'}
          </Button>
        }
      >
        <SpaceBetween size="l">
          <Container header={<Header variant="h2">Notifications</Header>}>
            <SpaceBetween size="m">
              <Toggle
                checked={values.emailNotifications}
                disabled={save.isPending}
                onChange={({ detail }) => set('emailNotifications', detail.checked)}
                description="E-mails about new messages and changes to your account."
              >
                Email notifications
              </Toggle>
              <Toggle
                checked={values.sessionReminders}
                disabled={save.isPending}
                onChange={({ detail }) => set('sessionReminders', detail.checked)}
                description="A reminder before each scheduled training session."
              >
                Session reminders
              </Toggle>
            </SpaceBetween>
          </Container>
          <Container header={<Header variant="h2">Appearance</Header>}>
            <SpaceBetween size="l">
              <FormField label="Theme" description="How the portal looks on every device you sign in on.">
                <RadioGroup
                  value={values.theme}
                  onChange={({ detail }) => set('theme', detail.value as Theme)}
                  items={[
                    { value: 'light', label: 'Light', disabled: save.isPending },
                    { value: 'dark', label: 'Dark', disabled: save.isPending },
                  ]}
                  ariaLabel="Theme"
                />
              </FormField>
              {timeFormats && (
                <FormField
                  label="Time format"
                  description="How you type the times of sessions, sends and opening hours."
                >
                  <RadioGroup
                    value={values.timeFormat}
                    onChange={({ detail }) => set('timeFormat', detail.value as TimeFormat)}
                    items={TIME_FORMAT_ITEMS.map((i) => ({ ...i, disabled: save.isPending }))}
                    ariaLabel="Time format"
                  />
                </FormField>
              )}
            </SpaceBetween>
          </Container>
        </SpaceBetween>
      </Form>
    </form>
  );
}

/**
 * General: e-mail notifications, session reminders, the portal's theme (applied on save) and, for the
 * trainer, the time format of typed times; the
 * private calendar feed link (outside the form: it saves on its own).
 */
export function GeneralTab() {
  const { user } = useAuth();
  const query = usePreferences();
  if (query.isPending) return <TabLoading>Loading settings</TabLoading>;
  if (query.isError)
    return <TabLoadError header="Error loading settings" error={query.error} onRetry={() => void query.refetch()} />;
  const { emailNotifications, sessionReminders, theme, timeFormat } = query.data.preferences;
  return (
    <SpaceBetween size="l">
      <GeneralForm
        initial={{ emailNotifications, sessionReminders, theme, timeFormat }}
        timeFormats={user?.role === 'admin'}
      />
      <CalendarFeedContainer role={user?.role} />
    </SpaceBetween>
  );
}
