import { Workbox } from 'workbox-window';

/*
 * Registers the portal's service worker (dist/sw.js, web/src/sw/sw.ts, ADR 0058). Loaded by a dynamic
 * import only: from the signed-in layout once the page is idle or first used, and from the Notifications
 * settings; never by a public page. A new worker takes over by itself (skipWaiting) and the page picks up
 * the new code at its next full navigation: nothing here reloads a page.
 */

let registered: Promise<ServiceWorkerRegistration | undefined> | undefined;

/** The worker's registration (registered once per page), or undefined where there is none (no support, dev server). */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return Promise.resolve(undefined);
  registered ??= new Workbox('/sw.js', { scope: '/' }).register().catch(() => undefined);
  return registered;
}
