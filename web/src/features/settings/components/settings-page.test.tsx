import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SERVICE_TEXTS, SERVICE_TYPES, SERVICES } from '#shared/contracts/payment-options';
import { SETTINGS_TEXTS } from '#shared/contracts/settings-options';
import { AuthContext, type AuthContextValue } from '../../../lib/auth-context';
import { type ApiCall, json, location, renderAt, stubApi } from '../../../testing/portal-harness';
import { SettingsPage } from './settings-page';
import { TWO_STEP_TEXTS } from './two-step-sign-in';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
  fetchMFAPreference: vi.fn(async () => ({})),
}));

type Role = 'admin' | 'client';

function auth(role: Role): AuthContextValue {
  return {
    status: 'signedIn',
    user: { userId: 'u-1', email: 'maria@example.com', role },
    signIn: vi.fn(),
    confirmNewPassword: vi.fn(),
    confirmTotpCode: vi.fn(),
    signOut: vi.fn(async () => undefined),
    getIdToken: async () => 'id-token-123',
  };
}

const PROFILE = {
  id: 'p-1',
  role: 'client',
  firstName: 'Maria',
  lastName: 'Lopez',
  email: 'maria@example.com',
  phone: '(941) 555-0111',
};
const CLIENT_PREFERENCES = {
  emailNotifications: true,
  sessionReminders: true,
  theme: 'light',
  timeFormat: '24h',
  trainingGoals: 'Loose-leash walking',
  preferredSessionTime: 'flexible',
  communicationPreference: 'email',
};
const BUSINESS = {
  businessName: 'Pawsitive Dog Training',
  businessPhone: '(941) 555-0142',
  businessEmail: 'trainer@pawsitive.test',
  defaultSessionDuration: 60,
  hourlyRate: null,
  timeZone: 'America/New_York',
  requiredVaccines: ['rabies', 'dhpp', 'bordetella'],
};
/** The settings as the server answers them: the business fields and the services. */
const SETTINGS = { ...BUSINESS, services: SERVICE_TYPES.map((id) => SERVICES[id]) };

const FEED_URL = 'https://portal.example.com/api/public/calendar/c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlYw.ics';

/** Default answers of the settings routes; `over` answers first when it returns a Response. */
function answers(role: Role, over?: (call: ApiCall) => Response | undefined) {
  return (call: ApiCall): Response => {
    const custom = over?.(call);
    if (custom) return custom;
    const path = new URL(call.url, 'http://localhost').pathname;
    if (call.method === 'GET' && path === '/api/me') return json(200, { role, profile: { ...PROFILE, role } });
    if (call.method === 'GET' && path === '/api/me/settings')
      return json(200, {
        preferences:
          role === 'client'
            ? CLIENT_PREFERENCES
            : { emailNotifications: true, sessionReminders: true, theme: 'light', timeFormat: '24h' },
      });
    if (call.method === 'PUT' && path === '/api/me/settings')
      return json(200, { preferences: { ...CLIENT_PREFERENCES, ...(call.body as object) } });
    if (call.method === 'PATCH' && path === '/api/me/profile')
      return json(200, { profile: { ...PROFILE, ...(call.body as object) } });
    if (call.method === 'GET' && path === '/api/me/calendar-feed') return json(200, { url: FEED_URL });
    if (call.method === 'GET' && path === '/api/settings/business') return json(200, { settings: SETTINGS });
    // The server keeps the stored services when a save does not send them.
    if (call.method === 'PUT' && path === '/api/settings/business')
      return json(200, { settings: { ...SETTINGS, ...(call.body as object) } });
    return json(404, { error: { message: 'Not found' } });
  };
}

function setup(role: Role, url = '/dashboard/settings', over?: (call: ApiCall) => Response | undefined) {
  const user = userEvent.setup();
  const calls = stubApi(answers(role, over));
  renderAt(
    url,
    '/dashboard/settings',
    <AuthContext.Provider value={auth(role)}>
      <SettingsPage />
    </AuthContext.Provider>,
  );
  return { user, calls };
}

const tabMenu = () => within(screen.getByRole('navigation', { name: 'Settings sections' }));
const writes = (calls: ApiCall[]) => calls.filter((c) => c.method !== 'GET');

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  document.body.classList.remove('awsui-dark-mode');
});

describe('settings tabs', () => {
  it('a client has Profile & Account, General, Notifications and Training Preferences; the active tab is in the URL', async () => {
    const { user } = setup('client');
    expect(
      tabMenu()
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Profile & Account', 'General', 'Notifications', 'Training Preferences']);
    expect(tabMenu().getByRole('link', { name: 'Profile & Account' })).toHaveAttribute('aria-current', 'page');
    await user.click(tabMenu().getByRole('link', { name: 'Training Preferences' }));
    expect(location()).toBe('/dashboard/settings?tab=training');
    expect(tabMenu().getByRole('link', { name: 'Training Preferences' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByLabelText('Training goals')).toHaveValue('Loose-leash walking');
  });

  it('an admin has Profile & Account, General, Notifications, Business and Integrations; a client-only tab falls back', () => {
    setup('admin', '/dashboard/settings?tab=training');
    expect(
      tabMenu()
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Profile & Account', 'General', 'Notifications', 'Business', 'Integrations']);
    expect(tabMenu().getByRole('link', { name: 'Profile & Account' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('Profile & Account', () => {
  it('requires first and last name before sending anything; the e-mail is read-only', async () => {
    const { user, calls } = setup('client');
    const first = await screen.findByLabelText('First name');
    expect(first).toHaveValue('Maria');
    expect(screen.getByLabelText('Email')).toHaveValue('maria@example.com');
    expect(screen.getByLabelText('Email')).toBeDisabled();
    await user.clear(first);
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect((await screen.findAllByText(SETTINGS_TEXTS.namesRequired)).length).toBeGreaterThan(0);
    await user.type(first, 'Maria');
    await user.clear(screen.getByLabelText('Phone'));
    await user.type(screen.getByLabelText('Phone'), 'call me');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText('Phone must be a valid phone number')).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it('saves the names and phone and shows "Profile updated successfully!" for 3 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const calls = stubApi(answers('client'));
    renderAt(
      '/dashboard/settings',
      '/dashboard/settings',
      <AuthContext.Provider value={auth('client')}>
        <SettingsPage />
      </AuthContext.Provider>,
    );
    const last = await screen.findByLabelText('Last name');
    await user.clear(last);
    await user.type(last, ' Lopez-Garcia ');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText(SETTINGS_TEXTS.profileUpdated)).toBeInTheDocument();
    const [patch] = writes(calls);
    expect(patch).toMatchObject({ method: 'PATCH' });
    expect(patch.url).toMatch(/\/api\/me\/profile$/);
    expect(patch.body).toEqual({ firstName: 'Maria', lastName: 'Lopez-Garcia', phone: '(941) 555-0111' });
    await act(async () => {
      vi.advanceTimersByTime(2900);
    });
    expect(screen.getAllByText(SETTINGS_TEXTS.profileUpdated).length).toBeGreaterThan(0);
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    await waitFor(() => expect(screen.queryAllByText(SETTINGS_TEXTS.profileUpdated)).toEqual([]));
  });

  it('says "Failed to update profile. Please try again." with the server message on a refusal', async () => {
    const { user } = setup('client', '/dashboard/settings', (call) =>
      call.method === 'PATCH'
        ? json(400, { error: { code: 'VALIDATION', message: 'Phone must be at most 40 characters' } })
        : undefined,
    );
    await screen.findByLabelText('First name');
    await user.click(screen.getByRole('button', { name: 'Save Profile' }));
    expect(await screen.findByText(SETTINGS_TEXTS.profileUpdateFailed)).toBeInTheDocument();
    expect(screen.getByText('Phone must be at most 40 characters')).toBeInTheDocument();
  });

  it('shows an admin the two-step sign-in section, not a client', async () => {
    setup('admin');
    expect(await screen.findByRole('heading', { name: TWO_STEP_TEXTS.title })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Set up' })).toBeInTheDocument();
    cleanup();
    setup('client');
    expect(await screen.findByLabelText('First name')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: TWO_STEP_TEXTS.title })).not.toBeInTheDocument();
  });

  it('shows the load error with Retry', async () => {
    let fail = true;
    const { user } = setup('client', '/dashboard/settings', (call) =>
      call.method === 'GET' && call.url.endsWith('/api/me') && fail
        ? json(500, { error: { message: 'Something went wrong. Please try again.' } })
        : undefined,
    );
    expect(await screen.findByText('Error loading profile data')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByLabelText('First name')).toHaveValue('Maria');
  });
});

describe('General', () => {
  it.each(['admin', 'client'] as const)('shows the %s their private calendar feed link', async (role) => {
    setup(role, '/dashboard/settings?tab=general');
    expect(await screen.findByRole('heading', { name: 'Calendar feed' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Feed link')).toHaveValue(FEED_URL));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reset link' })).toBeInTheDocument();
  });

  it('saves notifications, reminders and the theme, and applies the theme at once', async () => {
    const { user, calls } = setup('client', '/dashboard/settings?tab=general');
    const email = await screen.findByRole('checkbox', { name: /Email notifications/ });
    expect(email).toBeChecked();
    await user.click(email);
    await user.click(screen.getByRole('radio', { name: 'Dark' }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(SETTINGS_TEXTS.preferencesSaved)).toBeInTheDocument();
    const [put] = writes(calls);
    expect(put.url).toMatch(/\/api\/me\/settings$/);
    expect(put.body).toEqual({ emailNotifications: false, sessionReminders: true, theme: 'dark', timeFormat: '24h' });
    await waitFor(() => expect(document.body).toHaveClass('awsui-dark-mode'));
    // Clients type no times: the time format is the trainer's.
    expect(screen.queryByRole('radio', { name: /12-hour clock/ })).not.toBeInTheDocument();
  });

  it("saves the trainer's time format", async () => {
    const { user, calls } = setup('admin', '/dashboard/settings?tab=general');
    expect(await screen.findByRole('radio', { name: /24-hour clock/ })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: /12-hour clock/ }));
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(SETTINGS_TEXTS.preferencesSaved)).toBeInTheDocument();
    expect(writes(calls)[0].body).toMatchObject({ timeFormat: '12h' });
  });

  it('says so when saving fails', async () => {
    const { user } = setup('admin', '/dashboard/settings?tab=general', (call) =>
      call.method === 'PUT' ? json(500, { error: { message: 'Something went wrong. Please try again.' } }) : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(SETTINGS_TEXTS.preferencesSaveFailed)).toBeInTheDocument();
    expect(document.body).not.toHaveClass('awsui-dark-mode');
  });
});

describe('Training Preferences', () => {
  it('saves goals, preferred session time and communication preference', async () => {
    const { user, calls } = setup('client', '/dashboard/settings?tab=training');
    const goals = await screen.findByLabelText('Training goals');
    await user.clear(goals);
    await user.type(goals, '  Calm greetings ');
    await user.click(screen.getByRole('button', { name: /Preferred session time/ }));
    await user.click(await screen.findByRole('option', { name: 'Evening' }));
    await user.click(screen.getByRole('button', { name: /Communication preference/ }));
    await user.click(await screen.findByRole('option', { name: 'Text message' }));
    await user.click(screen.getByRole('button', { name: 'Save Preferences' }));
    expect(await screen.findByText(SETTINGS_TEXTS.preferencesSaved)).toBeInTheDocument();
    expect(writes(calls)[0].body).toEqual({
      trainingGoals: 'Calm greetings',
      preferredSessionTime: 'evening',
      communicationPreference: 'text',
    });
  });
});

describe('Business', () => {
  it('checks the fields as the server does before sending (duration 15 to 180)', async () => {
    const { user, calls } = setup('admin', '/dashboard/settings?tab=business');
    const duration = await screen.findByLabelText('Default session duration (minutes)');
    expect(duration).toHaveAttribute('min', '15');
    expect(duration).toHaveAttribute('max', '180');
    await user.clear(duration);
    await user.type(duration, '200');
    await user.clear(screen.getByLabelText('Business name'));
    await user.click(screen.getByRole('button', { name: 'Save Business Settings' }));
    expect(await screen.findByText(SETTINGS_TEXTS.durationRange)).toBeInTheDocument();
    expect(screen.getByText(SETTINGS_TEXTS.businessNameRequired)).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);
  });

  it('saves every business setting with numbers as numbers', async () => {
    const { user, calls } = setup('admin', '/dashboard/settings?tab=business');
    const name = await screen.findByLabelText('Business name');
    await user.clear(name);
    await user.type(name, 'Happy Tails Training');
    const duration = screen.getByLabelText('Default session duration (minutes)');
    await user.clear(duration);
    await user.type(duration, '45');
    await user.type(screen.getByLabelText('Hourly rate (USD)'), '85.5');
    await user.click(screen.getByRole('button', { name: 'Save Business Settings' }));
    expect(await screen.findByText(SETTINGS_TEXTS.businessSaved)).toBeInTheDocument();
    expect(writes(calls)[0]).toMatchObject({
      method: 'PUT',
      body: { ...BUSINESS, businessName: 'Happy Tails Training', defaultSessionDuration: 45, hourlyRate: 85.5 },
    });
  });

  it('lists the services; adds one with the same checks as the server and saves the whole list', async () => {
    const { user, calls } = setup('admin', '/dashboard/settings?tab=business');
    const table = await screen.findByRole('table', { name: 'Services' });
    const evaluation = within(table).getByText('Initial Evaluation').closest('tr') as HTMLElement;
    expect(within(evaluation).getByText('Free')).toBeInTheDocument();
    expect(within(table).getByText('$640.00').closest('tr')).toHaveTextContent('8-Session Package');
    expect(screen.queryByText('The public site offers a free initial evaluation')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add service' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Name'), 'initial evaluation');
    await user.type(within(dialog).getByLabelText('Price (USD)'), '49.999');
    await user.clear(within(dialog).getByLabelText('Session credits given'));
    await user.type(within(dialog).getByLabelText('Session credits given'), '2.5');
    await user.click(within(dialog).getByRole('button', { name: 'Save service' }));
    expect(within(dialog).getByText(SERVICE_TEXTS.nameTaken)).toBeInTheDocument();
    expect(within(dialog).getByText(SERVICE_TEXTS.priceInvalid)).toBeInTheDocument();
    expect(within(dialog).getByText(SETTINGS_TEXTS.creditsInvalid)).toBeInTheDocument();
    expect(writes(calls)).toEqual([]);

    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Puppy Class');
    await user.type(within(dialog).getByLabelText('Description'), 'Six group classes');
    await user.clear(within(dialog).getByLabelText('Price (USD)'));
    await user.type(within(dialog).getByLabelText('Price (USD)'), '49.99');
    await user.clear(within(dialog).getByLabelText('Session credits given'));
    await user.type(within(dialog).getByLabelText('Session credits given'), '6');
    await user.click(within(dialog).getByRole('button', { name: 'Save service' }));
    expect(await screen.findByText('Services saved successfully!')).toBeInTheDocument();
    expect(writes(calls)[0]).toMatchObject({
      method: 'PUT',
      body: {
        ...BUSINESS,
        services: [
          ...SETTINGS.services,
          { name: 'Puppy Class', description: 'Six group classes', price: 49.99, credits: 6, retired: false },
        ],
      },
    });
    expect(await within(table).findByText('Puppy Class')).toBeInTheDocument();
  });

  it('retires a service and warns when the evaluation is no longer free', async () => {
    const { user, calls } = setup('admin', '/dashboard/settings?tab=business');
    await user.click(await screen.findByRole('button', { name: 'Retire 8-Session Package' }));
    expect(await screen.findByText('Services saved successfully!')).toBeInTheDocument();
    expect(writes(calls)[0]).toMatchObject({
      body: { services: SETTINGS.services.map((s) => (s.id === 'package_8' ? { ...s, retired: true } : s)) },
    });
    expect(await screen.findByRole('button', { name: 'Offer 8-Session Package again' })).toBeInTheDocument();
    expect(screen.getByText('Retired')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit Initial Evaluation' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Price (USD)')).toHaveValue(0);
    await user.clear(within(dialog).getByLabelText('Price (USD)'));
    await user.type(within(dialog).getByLabelText('Price (USD)'), '75');
    await user.click(within(dialog).getByRole('button', { name: 'Save service' }));
    expect(await screen.findByText('The public site offers a free initial evaluation')).toBeInTheDocument();
    expect(writes(calls)[1]).toMatchObject({
      body: { services: expect.arrayContaining([expect.objectContaining({ id: 'evaluation', price: 75 })]) },
    });
  });

  it('saves the required vaccinations chosen', async () => {
    const { user, calls } = setup('admin', '/dashboard/settings?tab=business');
    await user.click(await screen.findByRole('checkbox', { name: 'DHPP' }));
    await user.click(screen.getByRole('checkbox', { name: 'Leptospirosis' }));
    await user.click(screen.getByRole('button', { name: 'Save Business Settings' }));
    expect(await screen.findByText(SETTINGS_TEXTS.businessSaved)).toBeInTheDocument();
    expect(writes(calls)[0]).toMatchObject({
      method: 'PUT',
      body: { ...BUSINESS, requiredVaccines: ['rabies', 'bordetella', 'leptospirosis'] },
    });
  });

  it("puts the server's field messages next to the fields", async () => {
    const { user } = setup('admin', '/dashboard/settings?tab=business', (call) =>
      call.method === 'PUT'
        ? json(400, {
            error: {
              code: 'VALIDATION',
              message: 'Business email must be a valid email address',
              fields: { businessEmail: ['Business email must be a valid email address'] },
            },
          })
        : undefined,
    );
    await user.click(await screen.findByRole('button', { name: 'Save Business Settings' }));
    expect(await screen.findByText(SETTINGS_TEXTS.businessSaveFailed)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getAllByText('Business email must be a valid email address').length).toBeGreaterThan(0),
    );
  });
});

describe('Integrations', () => {
  it('shows payments as not configured, with how to configure them, and the calendar feed as available', async () => {
    setup('admin', '/dashboard/settings?tab=integrations', (call) =>
      call.url.endsWith('/api/integrations/payments') ? json(200, { configured: false }) : undefined,
    );
    expect(await screen.findByRole('heading', { name: 'Payments' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Calendar feed' })).toBeInTheDocument();
    expect(await screen.findByText('Not configured')).toBeInTheDocument();
    expect(screen.getByText(/README, "Take payments \(Stripe\)"/)).toBeInTheDocument();
    expect(screen.getByText('Available')).toBeInTheDocument();
    const panel = screen.getByRole('region', { name: 'Integrations' });
    expect(within(panel).queryAllByRole('button')).toEqual([]);
  });

  it('shows payments as configured when the server says the keys are stored', async () => {
    setup('admin', '/dashboard/settings?tab=integrations', (call) =>
      call.url.endsWith('/api/integrations/payments') ? json(200, { configured: true }) : undefined,
    );
    expect(await screen.findByText('Configured')).toBeInTheDocument();
    expect(screen.queryByText('Not configured')).toBeNull();
  });
});
