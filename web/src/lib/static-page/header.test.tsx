import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { PathnameProvider } from '../../components/nav-link';
import { SiteHeader } from '../../components/site-header';
import { bindHeader, nextHeaderVisibility } from './header';

describe('nextHeaderVisibility', () => {
  it('always shows the header within 10px of the top', () => {
    expect(nextHeaderVisibility(0, 10, false)).toBe(true);
    expect(nextHeaderVisibility(5, 8, false)).toBe(true);
  });
  it('hides on scroll down past the threshold and shows on scroll up', () => {
    expect(nextHeaderVisibility(10, 11, true)).toBe(false);
    expect(nextHeaderVisibility(200, 400, true)).toBe(false);
    expect(nextHeaderVisibility(400, 399, false)).toBe(true);
  });
  it('keeps the current state when the position did not change', () => {
    expect(nextHeaderVisibility(300, 300, false)).toBe(false);
    expect(nextHeaderVisibility(300, 300, true)).toBe(true);
  });
});

async function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { configurable: true, value: y });
  await act(async () => {
    window.dispatchEvent(new Event('scroll'));
    await new Promise((r) => requestAnimationFrame(() => r(undefined)));
  });
}

/** The header's static markup (as prerendered) with its plain-TypeScript behaviour bound. */
describe('SiteHeader with its behaviour', () => {
  let unbind: () => void = () => undefined;
  afterEach(() => {
    unbind();
    Object.defineProperty(window, 'scrollY', { configurable: true, value: 0 });
  });
  const renderHeader = (path = '/programs') => {
    const view = render(
      <PathnameProvider pathname={path}>
        <SiteHeader />
      </PathnameProvider>,
    );
    unbind = bindHeader(document);
    return view;
  };

  it('links the logo home and lists the main links, marking the active one', () => {
    renderHeader('/programs');
    expect(screen.getByRole('link', { name: 'Pawsitive Dog Training, home' })).toHaveAttribute('href', '/');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = Array.from(nav.querySelectorAll('a')).map((a) => [a.textContent, a.getAttribute('href')]);
    expect(links).toEqual([
      ['About', '/about'],
      ['Programs', '/programs'],
      ['Tips', '/tips'],
      ['Contact', '/contact'],
      ['Dashboard', '/dashboard'],
    ]);
    expect(screen.getByRole('link', { name: 'Programs', current: 'page' })).toBeInTheDocument();
  });

  it('hides on scroll down and comes back on scroll up or near the top', async () => {
    renderHeader();
    const header = screen.getByRole('banner');
    await scrollTo(300);
    expect(header).toHaveClass('site-header--hidden');
    await scrollTo(250);
    expect(header).not.toHaveClass('site-header--hidden');
    await scrollTo(600);
    expect(header).toHaveClass('site-header--hidden');
    await scrollTo(8);
    expect(header).not.toHaveClass('site-header--hidden');
  });

  it('opens and closes the mobile menu from the hamburger button', async () => {
    const user = userEvent.setup();
    renderHeader();
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle.querySelector('svg')).toHaveAttribute('width', '32');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    const menu = screen.getByRole('navigation', { name: 'Mobile' });
    for (const name of ['About', 'Programs', 'Tips', 'Contact']) {
      expect(menu.querySelector(`a[href="/${name.toLowerCase()}"]`)).toHaveTextContent(name);
    }
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('renders the menu closed and out of reach, and opens it with its icon and the header shown', async () => {
    const user = userEvent.setup();
    const { container } = renderHeader();
    const panel = container.querySelector('#mobile-menu') as HTMLElement;
    const icon = container.querySelector('.hamburger') as SVGElement;
    expect(panel).not.toHaveClass('mobile-menu--open');
    expect(panel).toHaveAttribute('inert');
    expect(panel).toHaveAttribute('aria-hidden', 'true');

    await scrollTo(400);
    const header = screen.getByRole('banner');
    expect(header).toHaveClass('site-header--hidden');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(panel).toHaveClass('mobile-menu--open');
    expect(panel).not.toHaveAttribute('inert');
    expect(panel).toHaveAttribute('aria-hidden', 'false');
    expect(icon).toHaveClass('hamburger--open');
    // The open menu keeps the header on screen, whatever the scroll did.
    expect(header).not.toHaveClass('site-header--hidden');
    await scrollTo(900);
    expect(header).not.toHaveClass('site-header--hidden');

    // Following one of its links closes it.
    panel.querySelector('a[href="/tips"]')?.addEventListener('click', (e) => e.preventDefault());
    await user.click(panel.querySelector('a[href="/tips"]') as HTMLElement);
    expect(panel).not.toHaveClass('mobile-menu--open');
    expect(icon).not.toHaveClass('hamburger--open');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(header).toHaveClass('site-header--hidden');
  });

  it('stops listening once unbound', async () => {
    const user = userEvent.setup();
    renderHeader();
    unbind();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    await scrollTo(500);
    expect(screen.getByRole('banner')).not.toHaveClass('site-header--hidden');
  });
});
