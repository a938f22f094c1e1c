import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst, NetworkOnly } from 'workbox-strategies';
import { isPortalPath } from '../app/portal-paths';
import { type NoticeClients, noticeFor, openNotice } from './push';

/*
 * The portal's service worker (ADR 0058), built by vite-plugin-pwa (injectManifest, web/vite.config.ts)
 * into dist/sw.js. The project's TypeScript has the DOM's types, not the worker's: the few members used
 * are declared here.
 */

interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface WorkerScope {
  __WB_MANIFEST: Array<{ url: string; revision: string | null }>;
  location: Location;
  registration: { showNotification(title: string, options: object): Promise<void> };
  clients: NoticeClients & { claim(): Promise<void> };
  skipWaiting(): Promise<void>;
  addEventListener(type: 'activate', listener: (e: ExtendableEvent) => void): void;
  addEventListener(type: 'push', listener: (e: ExtendableEvent & { data: PushMessageData | null }) => void): void;
  addEventListener(
    type: 'notificationclick',
    listener: (e: ExtendableEvent & { notification: Notification }) => void,
  ): void;
}
interface PushMessageData {
  json(): unknown;
  text(): string;
}

declare const self: WorkerScope;

// A new worker takes over at once; the open page keeps running its code until its next navigation (a full
// load), which the new worker serves: nothing reloads a page under a form.
void self.skipWaiting();
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// The SPA shell and what it loads first (the build keeps only those: the screens' chunks are not precached).
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A portal page comes from the network (its HTML is the shell, sent no-cache); offline, the precached shell.
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && url.origin === self.location.origin && isPortalPath(url.pathname),
  new NetworkOnly({
    plugins: [{ handlerDidError: async () => (await matchPrecache('/shell.html')) ?? Response.error() }],
  }),
);

// Offline, a client's screens show their last-seen data (ADR 0077); their code and the runtime config must be
// here too. Built files are named by their content hash, so a stored copy is never stale: the first use
// stores it, later ones read it. The config is fetched first and stored as the fallback.
registerRoute(
  ({ url }) => url.origin === self.location.origin && /^\/assets\//.test(url.pathname),
  new CacheFirst({
    cacheName: 'portal-code',
    plugins: [new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true })],
  }),
);
registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname === '/config.json',
  new NetworkFirst({ cacheName: 'portal-config' }),
);

self.addEventListener('push', (event) => {
  const { title, options } = noticeFor(event.data);
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openNotice(self.clients, event.notification.data, self.location.origin));
});
