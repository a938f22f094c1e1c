import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_ERROR_TITLE, lazyScreen, RENDER_ERROR_TITLE, ScreenBoundary } from './screen';

function Broken(): never {
  throw new Error('Cannot read properties of undefined (reading "name")');
}

describe('error boundaries of the portal and its screens', () => {
  beforeEach(() => {
    // React and the boundary log the caught error: expected here.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => vi.restoreAllMocks());

  it('shows a message with Reload when a screen fails to render, never a blank page', async () => {
    const reload = vi.fn();
    render(
      <ScreenBoundary reload={reload}>
        <Broken />
      </ScreenBoundary>,
    );
    expect(screen.getByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: RENDER_ERROR_TITLE })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
  });

  it("says the page could not be loaded when a screen's chunk fails to download", async () => {
    const Screen = lazyScreen(() =>
      Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/dashboard-page-Dhood6zL.js')),
    );
    render(<Screen />);
    expect(await screen.findByRole('heading', { name: CHUNK_ERROR_TITLE })).toBeInTheDocument();
    expect(screen.getByText(/did not download/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('renders the screen when its chunk loads', async () => {
    const Screen = lazyScreen(async () => () => <h1>Dashboard home</h1>);
    render(<Screen />);
    expect(await screen.findByRole('heading', { name: 'Dashboard home' })).toBeInTheDocument();
  });
});
