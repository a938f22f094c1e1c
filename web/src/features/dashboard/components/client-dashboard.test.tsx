import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Dog } from '../../../../../shared/contracts/client-options';
import { json, renderAt, stubApi } from '../../clients/test/harness';
import { ClientDashboard } from './client-dashboard';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const dog = (over: Partial<Dog> = {}): Dog => ({
  id: 'd-1',
  profileId: 'p-1',
  name: 'Biscuit',
  breed: 'Cockapoo',
  birthDate: '2024-01-15',
  sex: 'female',
  trainingAnalytics: { totalSessions: 0 },
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-01T00:00:00.000Z',
  ...over,
});

describe('client dashboard: My Dogs', () => {
  it("lists the client's own dogs with photo, breed, sex and age", async () => {
    const calls = stubApi(() =>
      json(200, {
        items: [
          dog(),
          dog({ id: 'd-2', name: 'Pepper', breed: 'Beagle', sex: undefined, photoUrl: 'http://127.0.0.1/p.png' }),
        ],
        cursor: null,
      }),
    );
    renderAt('/dashboard', '/dashboard', <ClientDashboard />);
    expect(await screen.findByText('Biscuit')).toBeInTheDocument();
    expect(screen.getByText('Pepper')).toBeInTheDocument();
    expect(screen.getByText(/Cockapoo · Female · /)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Photo of Pepper' })).toHaveAttribute('src', 'http://127.0.0.1/p.png');
    expect(screen.getByRole('img', { name: 'No photo of Biscuit yet' })).toBeInTheDocument();
    expect(calls[0].url).toMatch(/\/api\/me\/dogs/);
  });

  it('says when there are no dogs yet, and when they could not be loaded', async () => {
    stubApi(() => json(200, { items: [], cursor: null }));
    const first = renderAt('/dashboard', '/dashboard', <ClientDashboard />);
    expect(await screen.findByText(/No dogs on your profile yet/)).toBeInTheDocument();
    first.unmount();
    stubApi(() => json(500, { error: { message: 'boom' } }));
    renderAt('/dashboard', '/dashboard', <ClientDashboard />);
    expect(await screen.findByText('Your dogs could not be loaded.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
