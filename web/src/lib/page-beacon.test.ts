import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubPublicFetch } from './content/test-support';
import { sendPageView } from './page-beacon';

function page(path: string, opts: { prerendered?: boolean; title?: string } = {}) {
  window.history.replaceState(null, '', path);
  document.title = opts.title ?? 'Programs | Pawsitive';
  document.body.innerHTML =
    opts.prerendered === false ? '<div id="root"></div>' : '<div id="root" data-page="x"></div>';
  stubPublicFetch();
  const sendBeacon = vi.fn((_url: string, _body: string) => true);
  return { sendBeacon, beacons: () => sendBeacon.mock.calls.map(([url, body]) => ({ url, event: JSON.parse(body) })) };
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.body.innerHTML = '';
});

describe('page beacon', () => {
  it('sends one page view of a public page to the product’s own endpoint, with its title and location', async () => {
    const { sendBeacon, beacons } = page('/programs?utm_source=newsletter');
    vi.stubGlobal('navigator', { ...navigator, sendBeacon, doNotTrack: null });
    sendPageView();
    await vi.waitFor(() => expect(beacons()).toHaveLength(1));
    expect(beacons()[0]).toEqual({
      url: '/api/public/events',
      event: {
        name: 'page_view',
        page_title: 'Programs | Pawsitive',
        page_location: `${window.location.origin}/programs?utm_source=newsletter`,
      },
    });
    expect(new Blob([sendBeacon.mock.calls[0][1]]).size).toBeLessThan(500);
  });

  it('titles the contact page "Contact Form" (SPEC 7)', async () => {
    const { sendBeacon, beacons } = page('/contact', { title: 'Contact | Pawsitive' });
    vi.stubGlobal('navigator', { ...navigator, sendBeacon, doNotTrack: null });
    sendPageView();
    await vi.waitFor(() => expect(beacons()).toHaveLength(1));
    expect(beacons()[0].event.page_title).toBe('Contact Form');
  });

  it('sends nothing from the portal or the not-found view (no prerendered page)', async () => {
    const { sendBeacon, beacons } = page('/dashboard', { prerendered: false });
    vi.stubGlobal('navigator', { ...navigator, sendBeacon, doNotTrack: null });
    sendPageView();
    await new Promise((r) => setTimeout(r, 50));
    expect(beacons()).toEqual([]);
  });

  it('sends nothing when the browser asks not to be tracked (Do Not Track, Global Privacy Control)', async () => {
    const first = page('/programs');
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: first.sendBeacon, doNotTrack: '1' });
    sendPageView();
    const second = page('/about');
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: second.sendBeacon, globalPrivacyControl: true });
    sendPageView();
    await new Promise((r) => setTimeout(r, 50));
    expect([...first.beacons(), ...second.beacons()]).toEqual([]);
  });
});
