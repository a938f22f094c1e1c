import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { App } from './app';
import { isNotFoundPath, lazyPagesFor, PRERENDERED_PAGES } from './routes';

const renderAt = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <App />
    </MemoryRouter>,
  );

const HEADINGS: Record<string, string> = {
  '/': 'A Well-Mannered Dog Starts With a Confident One',
  '/about': 'Training Built on Trust',
  '/programs': 'Training Programs',
  '/tips': 'Training Tips & Guides',
  '/success-stories': 'Success Stories',
  '/contact': 'Schedule Your Free Evaluation',
};

describe('public routes', () => {
  it.each(PRERENDERED_PAGES.map((p) => p.path))('%s renders its page inside the site frame', async (path) => {
    renderAt(path);
    expect(await screen.findByRole('heading', { level: 1, name: HEADINGS[path] })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    const footer = screen.getByRole('contentinfo');
    expect(footer).toHaveTextContent(`© ${new Date().getFullYear()} Pawsitive Dog Training`);
    expect(footer).toHaveTextContent('Lakewood Ranch, FL');
    expect(footer.querySelector('a[href="/contact"].btn')).toHaveTextContent('Contact Us');
  });

  it('shows the home page sections and the LocalBusiness structured data', async () => {
    renderAt('/');
    expect(screen.getByRole('link', { name: /Explore Our Programs/ })).toHaveAttribute('href', '/programs');
    for (const title of ['Expert Training', 'Personalized Approach', 'Proven Results']) {
      expect(screen.getByRole('heading', { name: title })).toBeInTheDocument();
    }
    const ld = JSON.parse(document.querySelector('script[type="application/ld+json"]')?.textContent ?? '{}');
    expect(ld['@type']).toBe('LocalBusiness');
    expect(ld.address.addressLocality).toBe('Lakewood Ranch');
    expect(ld.hasOfferCatalog.itemListElement).toHaveLength(3);
  });

  it('shows the not-found page for unknown paths, with a way back and home', async () => {
    const user = userEvent.setup();
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Take Me Home' }));
    expect(await screen.findByRole('heading', { level: 1, name: HEADINGS['/'] })).toBeInTheDocument();
  });

  it('knows which paths are the not-found view and which lazy pages a path needs', () => {
    expect(isNotFoundPath('/nope')).toBe(true);
    expect(isNotFoundPath('/dashboard/unknown')).toBe(true);
    expect(isNotFoundPath('/contact')).toBe(false);
    expect(isNotFoundPath('/dashboard')).toBe(false);
    expect(isNotFoundPath('/tips/some-article')).toBe(false);
    expect(lazyPagesFor('/contact').map((p) => p.module)).toEqual(['src/features/contact/components/contact-page.tsx']);
    expect(lazyPagesFor('/')).toEqual([]);
    expect(lazyPagesFor('/nope').map((p) => p.module)).toEqual([
      'src/features/not-found/components/not-found-page.tsx',
    ]);
    expect(lazyPagesFor('/tips/reliable-recall').map((p) => p.module)).toEqual([
      'src/features/tips/components/tip-article-page.tsx',
    ]);
  });
});
