import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type ApiCall, json, stubApi } from '../testing/portal-harness';
import { forgetThisDevice, pushSubscriptionId } from './push-device';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
}));

const ENDPOINT = 'https://fcm.googleapis.com/fcm/send/abc:def';

function subscribedBrowser() {
  const subscription = { endpoint: ENDPOINT, unsubscribe: vi.fn(async () => true) };
  const registration = { pushManager: { getSubscription: async () => subscription } };
  vi.stubGlobal('Notification', { permission: 'granted' });
  vi.stubGlobal('PushManager', class {});
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration },
  });
  return subscription;
}

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'serviceWorker');
});

describe("this device's push subscription", () => {
  it('is named as the server names it: base64url SHA-256 of the endpoint', async () => {
    expect(await pushSubscriptionId(ENDPOINT)).toBe(createHash('sha256').update(ENDPOINT).digest('base64url'));
  });

  it('sign-out deletes it on the server by that id, then ends it in the browser', async () => {
    const subscription = subscribedBrowser();
    const calls = stubApi(() => new Response(null, { status: 204 }));
    await forgetThisDevice();
    const id = createHash('sha256').update(ENDPOINT).digest('base64url');
    expect(calls.map((c) => `${c.method} ${new URL(c.url, 'http://x').pathname}`)).toEqual([
      `DELETE /api/me/push-subscriptions/${id}`,
    ]);
    expect(subscription.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('sign-out goes on when the server does not answer within the bound', async () => {
    subscribedBrowser();
    // The DELETE never answers unless aborted (as a fetch with a signal does).
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        if (String(input) === '/config.json') return json(200, { apiUrl: '/api' });
        return new Promise<Response>((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(init.signal?.reason)),
        );
      }),
    );
    const started = Date.now();
    await forgetThisDevice(50);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('sign-out on a browser without push asks nothing', async () => {
    const calls: ApiCall[] = stubApi(() => json(500, {}));
    await forgetThisDevice();
    expect(calls).toEqual([]);
  });
});
