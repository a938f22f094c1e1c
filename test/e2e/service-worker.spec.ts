/**
 * The portal's service worker and push notifications on a device (issue 36, ADR 0058), on the production
 * build: a client turns on "Notify me on this device" in Settings → Notifications, the subscription reaches
 * the server, a message from the trainer reaches the local push service stand-in for that device, and the
 * worker shows that payload as a notification; the worker controls the portal, and a portal page opened
 * offline is the precached shell showing the client's last-seen messages (ADR 0077).
 *
 * Chromium's own PushManager subscribes at Google's push service, a third-party host: here it is replaced
 * (init script) by a subscription handed out by the stand-in (infra/local/push-service.ts), which decrypts
 * what the server sends to it. The payload then goes to the worker through the DevTools protocol's
 * `ServiceWorker.deliverPushMessage`, as a push service would deliver it.
 */
import { expect, type Page, test } from '@playwright/test';
import { E2E_PORTS } from '../support/ports.js';
import { bearer, onboardedClientWithDog, signedIn, signedInTrainer } from './helpers';

// Every other spec blocks service workers (playwright.config.ts): this one is about them.
test.use({ serviceWorkers: 'allow' });

const pushService = `http://127.0.0.1:${E2E_PORTS.push}`;
const tag = Date.now().toString(36);

interface StandInSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

/** The browser's PushManager answering with the stand-in's subscription (kept across reloads of the page). */
function pushManagerOf(sub: StandInSubscription) {
  const KEY = 'e2e-push-subscription';
  const make = () => ({
    endpoint: sub.endpoint,
    expirationTime: null,
    toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
    unsubscribe: async () => {
      localStorage.removeItem(KEY);
      return true;
    },
  });
  PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
    const key = options?.applicationServerKey as Uint8Array | undefined;
    localStorage.setItem(KEY, JSON.stringify({ userVisibleOnly: options?.userVisibleOnly, keyBytes: key?.length }));
    return make() as unknown as PushSubscription;
  };
  PushManager.prototype.getSubscription = async () =>
    localStorage.getItem(KEY) ? (make() as unknown as PushSubscription) : null;
}

const receiverId = (endpoint: string) => endpoint.split('/').pop() as string;

async function deliveries(page: Page, endpoint: string): Promise<{ payload: string }[]> {
  const res = await page.request.get(`${pushService}/_local/push/${receiverId(endpoint)}/deliveries`);
  expect(res.status()).toBe(200);
  return res.json();
}

test('a client turns notifications on, gets a push for a message, and the portal opens offline', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const trainer = await signedInTrainer(browser);
  const client = await onboardedClientWithDog(
    browser,
    trainer.page,
    {
      firstName: 'Nora',
      lastName: 'Notify',
      email: `notify.${tag}@example.com`,
      phone: '941-555-0193',
      password: `Notify-client-${tag}`,
    },
    { name: `Bell${tag}`, breed: 'Collie', birthDate: '2021-03-01', sex: 'female' },
  );
  const { context, page } = client;

  const handedOut = await page.request.post(`${pushService}/_local/push/subscriptions`);
  expect(handedOut.status()).toBe(201);
  const sub = (await handedOut.json()) as StandInSubscription;
  await context.grantPermissions(['notifications']);
  await context.addInitScript(pushManagerOf, sub);

  // The signed-in layout registers the worker on its own (idle or first interaction); it then controls the page.
  await page.goto('/dashboard/settings?tab=notifications');
  await expect(page.getByText('This device does not get notifications')).toBeVisible();
  await page.getByText('Notify me on this device').click();
  await expect(page.getByText('This device gets notifications')).toBeVisible();
  const asked = await page.evaluate(() => JSON.parse(localStorage.getItem('e2e-push-subscription') ?? '{}'));
  expect(asked).toEqual({ userVisibleOnly: true, keyBytes: 65 });

  // The server lists this device.
  const listed = await page.request.get('/api/me/push-subscriptions', { headers: await bearer(page) });
  const list = (await listed.json()) as { items: { id: string; service: string }[]; publicKey?: string };
  expect(list.items).toHaveLength(1);
  expect(list.items[0].service).toBe(`127.0.0.1:${E2E_PORTS.push}`);

  // A message from the trainer reaches the stand-in for this device, with the inbox to open.
  const message = await trainer.page.request.post('/api/messages', {
    headers: trainer.headers,
    data: { recipientIds: [client.clientId], subject: `Treats ${tag}`, content: 'Bring the small ones.' },
  });
  expect(message.status(), await message.text()).toBe(201);
  let received: { title: string; body: string; url: string } | undefined;
  await expect
    .poll(async () => {
      const got = await deliveries(page, sub.endpoint);
      received = got.length ? JSON.parse(got[got.length - 1].payload) : undefined;
      return received?.url;
    })
    .toBe('/messages');

  // Once the worker is active it controls every portal page opened after it. (The page that registered it is
  // claimed too, except when the worker activated while that page was still loading: the browser then leaves
  // it to the next navigation, which is this one.)
  await page.reload();
  await expect(page.getByText('This device gets notifications')).toBeVisible();
  expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

  // The worker shows that payload as a notification that opens the inbox. The browser's list of shown
  // notifications is read once the worker's `showNotification` has resolved: Chromium drops a notification
  // from that list when the list is read while the notification is still being displayed.
  const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
  await worker.evaluate(() => {
    const scope = self as unknown as {
      registration: { showNotification(title: string, options?: NotificationOptions): Promise<void> };
      shownInTest: { title: string; body?: string }[];
    };
    const show = scope.registration.showNotification.bind(scope.registration);
    scope.shownInTest = [];
    scope.registration.showNotification = async (title, options) => {
      await show(title, options);
      scope.shownInTest.push({ title, body: options?.body });
    };
  });
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.length).toBeGreaterThan(0);
  await cdp.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(page.url()).origin,
    registrationId: registrations[0].registrationId,
    data: JSON.stringify(received),
  });
  await expect
    .poll(() => worker.evaluate(() => (self as unknown as { shownInTest: unknown[] }).shownInTest))
    .toEqual([{ title: received?.title, body: received?.body }]);
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, data: n.data }));
      }),
    )
    .toEqual([{ title: received?.title, body: received?.body, data: { url: '/messages' } }]);

  // What the client saw online stays on the device (ADR 0077): the inbox with the trainer's message.
  await page.goto('/messages');
  await expect(page.getByText(`Treats ${tag}`).first()).toBeVisible();
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('pawsitive.last-seen') ?? ''))
    .toContain(`Treats ${tag}`);

  // Offline, a portal page opens as the precached shell, and the inbox shows that message, marked offline.
  await context.setOffline(true);
  const offline = await page.goto('/messages');
  expect(offline?.status()).toBe(200);
  expect(offline?.fromServiceWorker()).toBe(true);
  expect(await offline?.text()).toMatch(/<title data-shell>[\s\S]*<div id="root"/);
  await expect(page.getByText('You are offline.')).toBeVisible();
  await expect(page.getByText(`Treats ${tag}`).first()).toBeVisible();
  // Back online, the live connection opens again and the portal is no longer offline.
  await context.setOffline(false);
  await page.reload();
  await expect(page.getByText(`Treats ${tag}`).first()).toBeVisible();
  await expect(page.getByText('You are offline.')).toBeHidden();

  // Sign-out removes this device's subscription from the server, and the device forgets the last-seen data.
  await page.goto('/dashboard');
  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect.poll(() => page.evaluate(() => localStorage.getItem('pawsitive.last-seen'))).toBeNull();
  await context.close();
  const again = await signedIn(browser, `notify.${tag}@example.com`, `Notify-client-${tag}`);
  const relisted = await again.page.request.get('/api/me/push-subscriptions', { headers: await bearer(again.page) });
  expect(((await relisted.json()) as { items: unknown[] }).items).toEqual([]);
  await again.context.close();
  await trainer.context.close();
});
