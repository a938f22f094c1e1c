import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SiteFooter } from '../components/site-footer';
import { renderStaticPage as render } from '../testing/static-page';
import { resetBusinessInfoForTests } from './business-info';
import { resetRuntimeConfigForTests } from './config';
import { TEST_CONFIG } from './content/test-support';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function stub(business: () => Promise<Response>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url === '/config.json') return json(200, TEST_CONFIG);
    if (url === '/api/public/business') return business();
    return json(404, { error: { message: 'Not found' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const contact = () => within(screen.getByRole('contentinfo').querySelector('address') as HTMLElement);

beforeEach(() => {
  resetRuntimeConfigForTests();
  resetBusinessInfoForTests();
});
afterEach(() => vi.unstubAllGlobals());

describe('the footer shows the business from the settings', () => {
  it('built-ins first (as prerendered), then the saved name, phone and e-mail', async () => {
    const fetchMock = stub(async () =>
      json(200, { name: 'Happy Tails Training', phone: '+44 20 7946 0958', email: 'desk@happytails.test' }),
    );
    render(<SiteFooter />);
    expect(contact().getByRole('link', { name: 'hello@pawsitivedogtraining.com' })).toBeInTheDocument();
    expect(contact().getByRole('link', { name: '(941) 555-0142' })).toHaveAttribute('href', 'tel:+19415550142');
    expect(await contact().findByRole('link', { name: 'desk@happytails.test' })).toHaveAttribute(
      'href',
      'mailto:desk@happytails.test',
    );
    expect(contact().getByRole('link', { name: '+44 20 7946 0958' })).toHaveAttribute('href', 'tel:+442079460958');
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Happy Tails Training. All rights reserved.');
    expect(fetchMock.mock.calls.filter(([u]) => String(u) === '/api/public/business')).toHaveLength(1);
  });

  it('writes the current year, whatever year the page was rendered in', () => {
    stub(async () => json(200, {}));
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-02-03T12:00:00Z'));
    try {
      render(<SiteFooter />);
    } finally {
      vi.useRealTimers();
    }
    expect(screen.getByRole('contentinfo')).toHaveTextContent('© 2031 Pawsitive Dog Training. All rights reserved.');
  });

  it('keeps the built-ins when the settings cannot be read (the e-mail from /config.json)', async () => {
    stub(async () => {
      throw new TypeError('Failed to fetch');
    });
    render(<SiteFooter />);
    expect(await contact().findByRole('link', { name: TEST_CONFIG.businessEmail })).toBeInTheDocument();
    expect(contact().getByRole('link', { name: '(941) 555-0142' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Pawsitive Dog Training. All rights reserved.');
  });

  it('ignores an answer that is not business info', async () => {
    stub(async () => json(200, { name: '', phone: 42, email: 'not an e-mail' }));
    render(<SiteFooter />);
    await new Promise((r) => setTimeout(r, 400));
    expect(contact().getByRole('link', { name: 'hello@pawsitivedogtraining.com' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Pawsitive Dog Training. All rights reserved.');
  });
});
