/** First-party analytics events (SPEC 7 "Analytics events"), as POST /api/public/events accepts them. */
export type AnalyticsEvent =
  | { name: 'page_view'; page_title: string; page_location: string; referrer?: string }
  | { name: 'form_submit'; form_name: 'contact_form'; program: string; has_dog_info: boolean };

/**
 * The collecting endpoint, on the page's own origin: both runtimes serve the API under /api beside the site
 * (config.json's apiUrl is '/api' in both). Known without a request, so a page view is sent at once, even
 * by a visitor who leaves before anything else has loaded.
 */
const EVENTS_URL = '/api/public/events';

/** Whether the browser asks not to be tracked (Do Not Track or Global Privacy Control). */
export function optedOut(): boolean {
  if (typeof navigator === 'undefined') return true;
  const nav = navigator as Navigator & { globalPrivacyControl?: boolean };
  return nav.doNotTrack === '1' || nav.globalPrivacyControl === true;
}

/**
 * Sends an event fire-and-forget: `navigator.sendBeacon` when the browser has it (survives leaving the
 * page), else `fetch` with keepalive. Never throws, never blocks the page; sends nothing for a browser
 * that asks not to be tracked. No cookie is set or read.
 */
export function sendAnalyticsEvent(event: AnalyticsEvent): void {
  if (optedOut()) return;
  const body = JSON.stringify(event);
  // A string body travels as text/plain (a CORS-safelisted type every browser beacons); the API parses
  // the JSON whatever the content type.
  if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
    try {
      if (navigator.sendBeacon(EVENTS_URL, body)) return;
    } catch {
      // Fall through to fetch.
    }
  }
  fetch(EVENTS_URL, { method: 'POST', keepalive: true, headers: { 'Content-Type': 'application/json' }, body }).catch(
    () => undefined,
  );
}

/**
 * page_view of a public page: its title (SPEC 7: the contact page's is "Contact Form"), location and the
 * referrer (the server keeps its domain only).
 */
export function pageView(location: string, title: string, referrer: string): AnalyticsEvent {
  const path = new URL(location, 'http://site.invalid').pathname;
  return {
    name: 'page_view',
    page_title: (path === '/contact' ? 'Contact Form' : title.trim() || path).slice(0, 200),
    page_location: location.slice(0, 2000),
    ...(referrer ? { referrer: referrer.slice(0, 2000) } : {}),
  };
}

/** form_submit of the contact form (SPEC 7): has_dog_info when both dog name and breed are given. */
export function contactFormSubmit(values: { program: string; dogName: string; dogBreed: string }): AnalyticsEvent {
  return {
    name: 'form_submit',
    form_name: 'contact_form',
    program: values.program,
    has_dog_info: Boolean(values.dogName.trim() && values.dogBreed.trim()),
  };
}
