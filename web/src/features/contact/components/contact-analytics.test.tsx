import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { stubPublicFetch } from '../../../lib/content/test-support';
import { bindPage } from '../../../lib/static-page';
import { ContactPage } from './contact-page';

function setup() {
  const fetchMock = stubPublicFetch();
  const sendBeacon = vi.fn((_url: string, _body: string) => true);
  vi.stubGlobal('navigator', { ...navigator, sendBeacon });
  // The page with its form working (as hydrated) and the page's own behaviour (which reads the business info).
  render(<ContactPage />);
  onTestFinished(bindPage(document));
  const events = () => sendBeacon.mock.calls.map(([url, body]) => ({ url, event: JSON.parse(String(body)) }));
  return { fetchMock, events };
}

describe('contact page analytics (SPEC 7)', () => {
  it('the page itself sends no page view (the page beacon does, for every public page)', async () => {
    const { events, fetchMock } = setup();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(events()).toEqual([]);
  });

  it('sends form_submit with the program and has_dog_info when dog name and breed are both given', async () => {
    const user = userEvent.setup();
    const { events } = setup();
    await user.type(screen.getByLabelText('First Name'), 'Jane');
    await user.type(screen.getByLabelText('Last Name'), 'Doe');
    await user.type(screen.getByLabelText('Email'), 'jane@example.com');
    await user.type(screen.getByLabelText('Phone'), '(941) 555-0100');
    await user.type(screen.getByLabelText("Dog's Name"), 'Biscuit');
    await user.type(screen.getByLabelText('Breed'), 'Beagle');
    await user.type(screen.getByLabelText('Birth Date'), '2023-04-02');
    await user.selectOptions(screen.getByLabelText('Sex'), 'female');
    await user.selectOptions(screen.getByLabelText('Program of Interest'), 'puppyFoundations');
    await user.type(screen.getByLabelText('Message'), 'Hello');
    await user.click(screen.getByRole('button', { name: /Schedule My Free Evaluation/ }));
    await vi.waitFor(() => expect(events().some((e) => e.event.name === 'form_submit')).toBe(true));
    expect(events().find((e) => e.event.name === 'form_submit')).toEqual({
      url: '/api/public/events',
      event: { name: 'form_submit', form_name: 'contact_form', program: 'puppyFoundations', has_dog_info: true },
    });
  });

  it('has_dog_info is false without both dog name and breed', async () => {
    const { contactFormSubmit } = await import('../../../lib/analytics');
    expect(contactFormSubmit({ program: 'other', dogName: 'Rex', dogBreed: ' ' })).toEqual({
      name: 'form_submit',
      form_name: 'contact_form',
      program: 'other',
      has_dog_info: false,
    });
  });

  it('falls back to fetch with keepalive without sendBeacon, and never throws', async () => {
    const fetchMock = stubPublicFetch();
    vi.stubGlobal('navigator', { ...navigator, sendBeacon: undefined });
    const { sendAnalyticsEvent, pageView } = await import('../../../lib/analytics');
    expect(() => sendAnalyticsEvent(pageView('http://x/contact', 'Contact', ''))).not.toThrow();
    await vi.waitFor(() =>
      expect(fetchMock).toHaveBeenCalledWith('/api/public/events', expect.objectContaining({ keepalive: true })),
    );
    fetchMock.mockRejectedValue(new Error('offline'));
    expect(() => sendAnalyticsEvent(pageView('http://x/contact', 'Contact', ''))).not.toThrow();
  });
});
