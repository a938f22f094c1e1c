import { createHash } from 'node:crypto';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, json, renderAt, stubApi } from '../../../testing/portal-harness';
import { NOTIFICATIONS_TEXTS, NotificationsTab } from './notifications-tab';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
}));
// The worker's registration (workbox-window) is the browser's business: the tab only needs it done.
const worker = vi.hoisted(() => ({ registered: true }));
vi.mock('../../../lib/service-worker', () => ({
  registerServiceWorker: vi.fn(async () => (worker.registered ? {} : undefined)),
}));

const ENDPOINT = 'http://127.0.0.1:7070/push/receiver-1';
const ID = createHash('sha256').update(ENDPOINT).digest('base64url');
const PUBLIC_KEY = 'BAECAwQ';
const KEYS = { p256dh: 'B'.repeat(87), auth: 'a'.repeat(22) };

/** A browser with the Push API: one registration whose push manager holds at most one subscription. */
function fakeBrowser(permission: NotificationPermission, subscribed = false) {
  const subscription = {
    endpoint: ENDPOINT,
    toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
    unsubscribe: vi.fn(async () => {
      pushManager.current = null;
      return true;
    }),
  };
  const pushManager = {
    current: subscribed ? subscription : null,
    getSubscription: vi.fn(async () => pushManager.current),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      pushManager.current = subscription;
      return subscription;
    }),
  };
  const registration = { pushManager };
  const notification = {
    permission,
    requestPermission: vi.fn(async (): Promise<NotificationPermission> => notification.permission),
  };
  vi.stubGlobal('Notification', notification);
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  return { notification, pushManager, subscription };
}

/** The server's list of the person's devices, changed by PUT and DELETE as the API does. */
function server(options: { publicKey?: string; devices?: string[]; put?: () => Response | undefined } = {}) {
  const devices = new Set(options.devices ?? []);
  const view = (id: string) => ({
    id,
    label: 'Chrome on Android',
    service: '127.0.0.1',
    createdAt: '2026-11-28T10:00:00Z',
  });
  return stubApi((call: ApiCall) => {
    const path = new URL(call.url, 'http://localhost').pathname;
    if (call.method === 'GET' && path === '/api/me/push-subscriptions') {
      return json(200, {
        items: [...devices].map(view),
        ...(options.publicKey ? { publicKey: options.publicKey } : {}),
      });
    }
    if (call.method === 'PUT' && path === '/api/me/push-subscriptions') {
      const refused = options.put?.();
      if (refused) return refused;
      devices.add(ID);
      return json(200, view(ID));
    }
    if (call.method === 'DELETE' && path.startsWith('/api/me/push-subscriptions/')) {
      devices.delete(path.split('/').pop() ?? '');
      return new Response(null, { status: 204 });
    }
    return json(404, { error: { message: 'Not found' } });
  });
}

const render = () => renderAt('/dashboard/settings?tab=notifications', '/dashboard/settings', <NotificationsTab />);
const toggle = () => screen.getByRole('checkbox', { name: new RegExp(NOTIFICATIONS_TEXTS.toggle) });

beforeEach(() => {
  worker.registered = true;
  vi.stubGlobal('Notification', undefined);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe('Settings → Notifications', () => {
  it('says so in a browser without push, and asks the server nothing', async () => {
    const calls = server({ publicKey: PUBLIC_KEY });
    render();
    expect(await screen.findByText(NOTIFICATIONS_TEXTS.unsupported)).toBeVisible();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(calls).toEqual([]);
  });

  it('shows the loading state, then explains when push is not set up (no key from the server)', async () => {
    fakeBrowser('default');
    server();
    render();
    expect(screen.getByText('Loading notifications')).toBeVisible();
    expect(await screen.findByText(NOTIFICATIONS_TEXTS.notConfigured)).toBeVisible();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('turns on: asks the permission, subscribes with the server key and stores the subscription', async () => {
    const user = userEvent.setup();
    const browser = fakeBrowser('default');
    browser.notification.requestPermission.mockImplementation(async () => {
      browser.notification.permission = 'granted';
      return 'granted';
    });
    const calls = server({ publicKey: PUBLIC_KEY });
    render();
    expect(await screen.findByText(NOTIFICATIONS_TEXTS.off)).toBeVisible();
    expect(toggle()).not.toBeChecked();
    await user.click(toggle());
    expect(await screen.findByText(NOTIFICATIONS_TEXTS.on)).toBeVisible();
    expect(toggle()).toBeChecked();
    expect(await screen.findByText(NOTIFICATIONS_TEXTS.turnedOn)).toBeVisible();
    expect(browser.notification.requestPermission).toHaveBeenCalledTimes(1);
    const options = browser.pushManager.subscribe.mock.calls[0][0];
    expect(options.userVisibleOnly).toBe(true);
    expect([...(options.applicationServerKey as Uint8Array)]).toEqual([4, 1, 2, 3, 4]);
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS });
  });

  it('turns off: the server forgets this device by its id and the browser subscription ends', async () => {
    const user = userEvent.setup();
    const browser = fakeBrowser('granted', true);
    const calls = server({ publicKey: PUBLIC_KEY, devices: [ID] });
    render();
    expect(await screen.findByText(NOTIFICATIONS_TEXTS.on)).toBeVisible();
    await user.click(toggle());
    expect(await screen.findByText(NOTIFICATIONS_TEXTS.off)).toBeVisible();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => new URL(c.url, 'http://x').pathname)).toEqual([
      `/api/me/push-subscriptions/${ID}`,
    ]);
    expect(browser.subscription.unsubscribe).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(NOTIFICATIONS_TEXTS.turnedOff)).toBeVisible();
  });

  it('a subscription the server does not list (another person signed in on this browser) shows as off', async () => {
    fakeBrowser('granted', true);
    server({ publicKey: PUBLIC_KEY, devices: [] });
    render();
    expect(await screen.findByText(NOTIFICATIONS_TEXTS.off)).toBeVisible();
    expect(toggle()).not.toBeChecked();
  });

  it('explains how to allow notifications again when the browser blocks them, and the switch stays off', async () => {
    fakeBrowser('denied');
    server({ publicKey: PUBLIC_KEY });
    render();
    expect(await screen.findByText(NOTIFICATIONS_TEXTS.denied)).toBeVisible();
    expect(screen.getByText(NOTIFICATIONS_TEXTS.deniedHowTo)).toBeVisible();
    expect(toggle()).toBeDisabled();
  });

  it('a refusal of the permission from the prompt subscribes nothing and explains', async () => {
    const user = userEvent.setup();
    const browser = fakeBrowser('default');
    browser.notification.requestPermission.mockImplementation(async () => 'denied');
    const calls = server({ publicKey: PUBLIC_KEY });
    render();
    await user.click(await screen.findByRole('checkbox', { name: new RegExp(NOTIFICATIONS_TEXTS.toggle) }));
    expect(await screen.findByText(NOTIFICATIONS_TEXTS.denied)).toBeVisible();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('a failed save says so in a toast and the switch stays off', async () => {
    const user = userEvent.setup();
    const browser = fakeBrowser('granted');
    server({
      publicKey: PUBLIC_KEY,
      put: () => json(409, { error: { message: 'At most 10 devices can receive push notifications' } }),
    });
    render();
    await user.click(await screen.findByRole('checkbox', { name: new RegExp(NOTIFICATIONS_TEXTS.toggle) }));
    expect(await screen.findByText(NOTIFICATIONS_TEXTS.failed)).toBeVisible();
    await waitFor(() => expect(toggle()).not.toBeChecked());
    expect(browser.pushManager.subscribe).toHaveBeenCalledTimes(1);
  });

  it('says so when the service worker cannot be registered, and subscribes nothing', async () => {
    const user = userEvent.setup();
    worker.registered = false;
    const browser = fakeBrowser('granted');
    const calls = server({ publicKey: PUBLIC_KEY });
    render();
    await user.click(await screen.findByRole('checkbox', { name: new RegExp(NOTIFICATIONS_TEXTS.toggle) }));
    expect(await screen.findByText(NOTIFICATIONS_TEXTS.failed)).toBeVisible();
    expect(browser.pushManager.subscribe).not.toHaveBeenCalled();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    expect(toggle()).not.toBeChecked();
  });
});
