import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { type ApiCall, client, json, location, renderAt, stubApi } from '../../../testing/portal-harness';
import { ClientsPage } from './clients-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const listCalls = (calls: ApiCall[]) => calls.filter((c) => c.url.startsWith('/api/clients')).map((c) => c.url);
const params = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

const MARIA = client();
const TOM = client({
  id: 'c-2',
  firstName: 'Tom',
  lastName: 'Baker',
  email: 'tom@example.com',
  profileCompleted: false,
});
const GONE = client({ id: 'c-3', firstName: 'Zoe', lastName: 'Ray', email: 'zoe@example.com', isActive: false });

const renderPage = () => renderAt('/dashboard/clients', '/dashboard/clients', <ClientsPage />);

describe('client list', () => {
  it('shows active clients by default, with the ID token, linking to each client and to create', async () => {
    const calls = stubApi(() => json(200, { items: [MARIA, TOM], cursor: null }));
    renderPage();
    const table = await screen.findByRole('table', { name: 'Clients' });
    const row = (await within(table).findByRole('link', { name: 'Maria Lopez' })).closest('tr') as HTMLElement;
    expect(within(row).getByText('maria@example.com')).toBeInTheDocument();
    expect(within(row).getByText('(941) 555-0111')).toBeInTheDocument();
    expect(within(row).getByText('Profile complete')).toBeInTheDocument();
    expect(within(table).getByText('Profile incomplete')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Maria Lopez' })).toHaveAttribute('href', '/dashboard/clients/c-1');
    expect(params(listCalls(calls)[0])).toEqual({ filter: 'active', limit: '25' });
    expect(calls[0].headers.get('Authorization')).toBe('Bearer id-token-123');
    expect(screen.getByRole('button', { name: 'Active', pressed: true })).toBeInTheDocument();

    await userEvent.click(screen.getByRole('link', { name: 'Add Client' }));
    expect(location()).toBe('/dashboard/clients/create');
  });

  it("shows each client's dogs: two names, then how many more; a dash for none or an older profile", async () => {
    const dogs = (...names: string[]) => names.map((name, i) => ({ id: `d-${i}`, name }));
    const many = client({ dogNames: dogs('Rex', 'Bella', 'Max', 'Luna', 'Milo') });
    const two = client({
      id: 'c-4',
      firstName: 'Ann',
      lastName: 'Bo',
      email: 'ann@example.com',
      dogNames: dogs('Kiwi', 'Taz'),
    });
    const none = client({ id: 'c-5', firstName: 'Cy', lastName: 'Do', email: 'cy@example.com', dogNames: [] });
    stubApi(() => json(200, { items: [many, two, none, TOM], cursor: null }));
    renderPage();
    const table = await screen.findByRole('table', { name: 'Clients' });
    const rowOf = async (name: string) =>
      (await within(table).findByRole('link', { name })).closest('tr') as HTMLElement;
    expect(within(await rowOf('Maria Lopez')).getByText('Rex, Bella +3')).toBeInTheDocument();
    expect(within(await rowOf('Ann Bo')).getByText('Kiwi, Taz')).toBeInTheDocument();
    expect(within(await rowOf('Cy Do')).getByText('-')).toBeInTheDocument();
    expect(within(await rowOf('Tom Baker')).getByText('-')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Dogs' })).toBeInTheDocument();
  });

  it('searches on the server once typing pauses', async () => {
    const calls = stubApi(({ url }) =>
      json(200, { items: params(url).search === 'mar' ? [MARIA] : [MARIA, TOM], cursor: null }),
    );
    renderPage();
    await screen.findByText('Tom Baker');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'mar');
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
    expect(await screen.findByText('Maria Lopez')).toBeInTheDocument();
    expect(screen.queryByText('Tom Baker')).toBeNull();
    const searches = listCalls(calls).map((u) => params(u).search);
    expect(searches).toEqual([undefined, 'mar']);
    expect(params(listCalls(calls)[1])).toEqual({ filter: 'active', limit: '25', search: 'mar' });
  });

  it('filters: deactivated clients are under Deactivated (with the badge), not under All', async () => {
    const calls = stubApi(({ url }) =>
      json(200, { items: params(url).filter === 'deactivated' ? [GONE] : [MARIA, TOM], cursor: null }),
    );
    renderPage();
    await screen.findByText('Maria Lopez');
    await userEvent.click(screen.getByRole('button', { name: 'All', pressed: false }));
    await waitFor(() => expect(params(listCalls(calls).at(-1) as string).filter).toBe('all'));
    expect(screen.queryByText('Zoe Ray')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Deactivated', pressed: false }));
    const row = (await screen.findByText('Zoe Ray')).closest('tr') as HTMLElement;
    expect(within(row).getByText('Deactivated')).toBeInTheDocument();
    expect(params(listCalls(calls).at(-1) as string).filter).toBe('deactivated');

    await userEvent.click(screen.getByRole('button', { name: 'Incomplete', pressed: false }));
    await waitFor(() => expect(params(listCalls(calls).at(-1) as string).filter).toBe('incomplete'));
    await userEvent.click(screen.getByRole('button', { name: 'Completed', pressed: false }));
    await waitFor(() => expect(params(listCalls(calls).at(-1) as string).filter).toBe('completed'));
  });

  it('pages with the server cursor', async () => {
    const calls = stubApi(({ url }) =>
      params(url).cursor === 'next-1'
        ? json(200, { items: [TOM], cursor: null })
        : json(200, { items: [MARIA], cursor: 'next-1' }),
    );
    renderPage();
    await screen.findByText('Maria Lopez');
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    await screen.findByText('Tom Baker');
    expect(screen.queryByText('Maria Lopez')).toBeNull();
    expect(params(listCalls(calls)[1]).cursor).toBe('next-1');
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    await screen.findByText('Maria Lopez');
    expect(listCalls(calls)).toHaveLength(2);
  });

  it('shows an empty state, and a different one for a search without matches', async () => {
    stubApi(() => json(200, { items: [], cursor: null }));
    renderPage();
    expect(await screen.findByText('No clients found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add a client' })).toHaveAttribute('href', '/dashboard/clients/create');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search clients' }), 'zzz');
    expect(await screen.findByText('No clients match your search.')).toBeInTheDocument();
  });

  it('shows the load error with Retry', async () => {
    let fail = true;
    stubApi(() =>
      fail
        ? json(500, { error: { message: 'Something went wrong. Please try again.' } })
        : json(200, { items: [MARIA], cursor: null }),
    );
    renderPage();
    expect(await screen.findByText('Error loading client profiles')).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Maria Lopez')).toBeInTheDocument();
    expect(screen.queryByText('Error loading client profiles')).toBeNull();
  });

  it('offers Schedule session and Message for an active client, nothing for a deactivated one (issue 38)', async () => {
    stubApi(() => json(200, { items: [MARIA, GONE], cursor: null }));
    renderPage();
    const table = await screen.findByRole('table', { name: 'Clients' });
    const row = (await within(table).findByRole('link', { name: 'Maria Lopez' })).closest('tr') as HTMLElement;
    expect(within(row).getByRole('link', { name: 'Message Maria Lopez' })).toHaveAttribute(
      'href',
      '/dashboard/messages/compose?recipient=c-1&from=%2Fdashboard%2Fclients',
    );
    const gone = within(table).getByRole('link', { name: 'Zoe Ray' }).closest('tr') as HTMLElement;
    expect(within(gone).queryByRole('link', { name: /Schedule session|Message/ })).toBeNull();
    await userEvent.click(within(row).getByRole('link', { name: 'Schedule session for Maria Lopez' }));
    expect(location()).toBe('/dashboard/sessions/create?client=c-1');
  });
});
