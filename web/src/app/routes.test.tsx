import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from './app';
import { matchPath, normalizePath } from './paths';
import { isPortalPath } from './portal-paths';
import { isNotFoundPath, lazyPagesFor, PRERENDERED_PAGES, publicPageFor } from './routes';

const renderAt = (path: string) => render(<App pathname={path} />);

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

  it('marks the current page in the header (bold active link), children included', async () => {
    renderAt('/tips/reliable-recall');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const tips = nav.querySelector('a[href="/tips"]');
    expect(tips).toHaveClass('main-nav__link', 'active');
    expect(tips).toHaveAttribute('aria-current', 'page');
    expect(nav.querySelector('a[href="/about"]')).not.toHaveClass('active');
    expect(nav.querySelector('a[href="/about"]')).not.toHaveAttribute('aria-current');
    // Home is active on / only.
    const mobile = screen.getByRole('navigation', { name: 'Mobile', hidden: true });
    expect(mobile.querySelector('a[href="/"]')).not.toHaveClass('active');
    expect(mobile.querySelector('a[href="/tips"]')).toHaveClass('active');
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
    renderAt('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Take Me Home' })).toHaveAttribute('href', '/');
  });

  it('passes the path params to the page', () => {
    const { page, params } = publicPageFor('/tips/Reliable%20Recall');
    expect(params).toEqual({ id: 'Reliable Recall' });
    expect(lazyPagesFor('/tips/x')).toEqual([page]);
  });

  it('knows which paths are the not-found view, the portal, and which lazy pages a path needs', () => {
    expect(isNotFoundPath('/nope')).toBe(true);
    expect(isNotFoundPath('/dashboard/unknown')).toBe(true);
    expect(isNotFoundPath('/tips/a/b')).toBe(true);
    expect(isNotFoundPath('/contact')).toBe(false);
    expect(isNotFoundPath('/Contact/')).toBe(false);
    expect(isNotFoundPath('/dashboard')).toBe(false);
    expect(isNotFoundPath('/tips/some-article')).toBe(false);
    expect(isPortalPath('/dashboard/clients')).toBe(true);
    expect(isPortalPath('/dashboard/clients/42/dogs/add')).toBe(true);
    expect(isPortalPath('/dashboard/clients/42/dogs')).toBe(false);
    expect(isPortalPath('/login/')).toBe(true);
    expect(isPortalPath('/tips')).toBe(false);
    expect(isPortalPath('/dashboard/unknown')).toBe(false);
    expect(lazyPagesFor('/contact').map((p) => p.module)).toEqual(['src/features/contact/components/contact-page.tsx']);
    expect(lazyPagesFor('/')).toEqual([]);
    expect(lazyPagesFor('/login')).toEqual([]);
    expect(lazyPagesFor('/nope').map((p) => p.module)).toEqual([
      'src/features/not-found/components/not-found-page.tsx',
    ]);
    expect(lazyPagesFor('/tips/reliable-recall').map((p) => p.module)).toEqual([
      'src/features/tips/components/tip-article-page.tsx',
    ]);
  });
});

describe('path patterns', () => {
  it('match static, param and splat segments like React Router (case and trailing slash ignored)', () => {
    expect(matchPath('/', '/')).toEqual({});
    expect(matchPath('/', '/about')).toBeNull();
    expect(matchPath('/about', '/About/')).toEqual({});
    expect(matchPath('/tips/:id', '/tips')).toBeNull();
    expect(matchPath('/tips/:id', '/tips/a%2Fb')).toEqual({ id: 'a/b' });
    expect(matchPath('/tips/:id', '/tips/%E0%A4%A')).toBeNull();
    expect(matchPath('/a/*', '/a')).toEqual({});
    expect(matchPath('/a/*', '/a/b/c')).toEqual({});
    expect(matchPath('/a/*', '/b/c')).toBeNull();
    expect(normalizePath('/a//')).toBe('/a');
    expect(normalizePath('')).toBe('/');
  });
});
