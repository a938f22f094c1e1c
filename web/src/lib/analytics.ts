import { fetchConfigJson } from './config-store';

/** First-party analytics events (SPEC 7 "Analytics events"), as POST /api/public/events accepts them. */
export type AnalyticsEvent =
  | { name: 'page_view'; page_title: string; page_location: string }
  | { name: 'form_submit'; form_name: 'contact_form'; program: string; has_dog_info: boolean };

async function eventsUrl(): Promise<string> {
  let apiUrl = '/api';
  try {
    const raw = (await fetchConfigJson()) as { apiUrl?: unknown } | null;
    if (typeof raw?.apiUrl === 'string' && raw.apiUrl.trim()) apiUrl = raw.apiUrl.trim();
  } catch {
    // The default API base is same-origin /api.
  }
  return `${apiUrl.replace(/\/+$/, '')}/public/events`;
}

/**
 * Sends an event fire-and-forget: `navigator.sendBeacon` when the browser has it (survives leaving the
 * page), else `fetch` with keepalive. Never throws, never blocks the page.
 */
export function sendAnalyticsEvent(event: AnalyticsEvent): void {
  const body = JSON.stringify(event);
  eventsUrl()
    .then((url) => {
      // A string body travels as text/plain (a CORS-safelisted type every browser beacons); the API
      // parses the JSON whatever the content type.
      if (typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function') {
        try {
          if (navigator.sendBeacon(url, body)) return;
        } catch {
          // Fall through to fetch.
        }
      }
      return fetch(url, {
        method: 'POST',
        keepalive: true,
        headers: { 'Content-Type': 'application/json' },
        body,
      }).then(() => undefined);
    })
    .catch(() => undefined);
}

/** page_view of the contact page (SPEC 7: page_title Contact Form, page_location). */
export function contactPageView(location: string): AnalyticsEvent {
  return { name: 'page_view', page_title: 'Contact Form', page_location: location };
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
