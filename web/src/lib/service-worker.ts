/*
 * Registers the portal's service worker (dist/sw.js, web/src/sw/sw.ts, ADR 0058) for the Notifications
 * settings, which need its registration (the signed-in layout registers the same script with the browser's
 * call inline, on idle or first use); never a public page. The browser's own `register` is all it takes: workbox-window (2.3 KB
 * gzip) put /dashboard/sessions over its budget for update events the portal does not use. A new worker
 * takes over by itself (skipWaiting) and the page picks up the new code at its next full navigation:
 * nothing here reloads a page.
 */

let registered: Promise<ServiceWorkerRegistration | undefined> | undefined;

/** The worker's registration (registered once per page), or undefined where there is none (no support, dev server). */
export function registerServiceWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return Promise.resolve(undefined);
  registered ??= navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
  return registered;
}
