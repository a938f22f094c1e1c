import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PathnameProvider } from './nav-link';
import { SiteHeader } from './site-header';
import { nextHeaderVisibility } from './use-header-visibility';

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

describe('SiteHeader', () => {
  const renderHeader = (path = '/programs') =>
    render(
      <PathnameProvider pathname={path}>
        <SiteHeader />
      </PathnameProvider>,
    );

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
});
