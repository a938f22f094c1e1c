import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LazyPortal } from './portal-lazy';

// A deploy replaced the portal's hashed chunk (or the network dropped): its import rejects.
vi.mock('./portal/portal-entry', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/portal-entry-BMmBPKjf.js');
});

describe('the portal chunk failing to load', () => {
  it('shows a message with Reload, not a blank page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    render(<LazyPortal />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The portal could not be loaded.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
