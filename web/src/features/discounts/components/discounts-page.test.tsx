import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { DiscountCodeListItem } from '#shared/contracts/payment-options';
import { type ApiCall, json, renderAt, stubApi } from '../../../testing/portal-harness';
import { generateCode } from './discount-form';
import { DiscountsPage } from './discounts-page';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

const code = (over: Partial<DiscountCodeListItem> = {}): DiscountCodeListItem => ({
  id: 'd-1',
  code: 'SPRING15',
  discountType: 'percentage',
  discountValue: 15,
  isActive: true,
  timesUsed: 1,
  heldUses: 0,
  usageLimit: 10,
  createdBy: 'admin-1',
  creatorEmail: 'trainer@pawsitive.example',
  createdAt: '2026-03-01T12:00:00.000Z',
  ...over,
});

const SPRING = code();
const OLD = code({
  id: 'd-2',
  code: 'OLD10',
  discountType: 'fixed_amount',
  discountValue: 10,
  expiresAt: '2020-01-01T00:00:00.000Z',
});
const USED = code({ id: 'd-3', code: 'USEDUP', usageLimit: 2, timesUsed: 2 });
const OFF = code({ id: 'd-4', code: 'PAUSED', isActive: false, expiresAt: '2020-01-01T00:00:00.000Z' });

/** A discount code store behind the API; `fail` makes the named method answer with that status. */
function serve(initial: DiscountCodeListItem[] = [SPRING, OLD, USED, OFF], fail: Partial<Record<string, number>> = {}) {
  let items = [...initial];
  return stubApi((call: ApiCall) => {
    const status = fail[call.method];
    if (status) return json(status, { error: { message: 'Something went wrong' } });
    const id = call.url.split('?')[0].split('/').at(-1) as string;
    const body = call.body as Partial<DiscountCodeListItem>;
    switch (call.method) {
      case 'POST': {
        const created = code({ ...body, id: 'd-9', timesUsed: 0, usageLimit: body.usageLimit ?? undefined });
        items = [created, ...items];
        return json(201, created);
      }
      case 'PATCH':
        items = items.map((d) => (d.id === id ? { ...d, ...body } : d));
        return json(
          200,
          items.find((d) => d.id === id),
        );
      case 'DELETE':
        items = items.filter((d) => d.id !== id);
        return json(204);
      default:
        return json(200, { items, cursor: null });
    }
  });
}

const renderPage = () => renderAt('/dashboard/discounts', '/dashboard/discounts', <DiscountsPage />);
const table = () => screen.getByRole('table', { name: 'Discount codes' });
const rowOf = (text: string) => within(table()).getByText(text).closest('tr') as HTMLElement;
const mutations = (calls: ApiCall[]) => calls.filter((c) => c.method !== 'GET');

describe('discount codes', () => {
  it('lists codes with value, display status in the spec order, use and creator', async () => {
    serve();
    renderPage();
    await screen.findByText('SPRING15');
    expect(screen.getByRole('heading', { name: 'Discount Code Management' })).toBeInTheDocument();
    const spring = rowOf('SPRING15');
    expect(within(spring).getByText('15%')).toBeInTheDocument();
    expect(within(spring).getByText('Active')).toBeInTheDocument();
    expect(within(spring).getByText('1 / 10')).toBeInTheDocument();
    expect(within(spring).getByText('trainer@pawsitive.example')).toBeInTheDocument();
    expect(within(rowOf('OLD10')).getByText('$10.00')).toBeInTheDocument();
    expect(within(rowOf('OLD10')).getByText('Expired')).toBeInTheDocument();
    expect(within(rowOf('USEDUP')).getByText('Limit Reached')).toBeInTheDocument();
    expect(within(rowOf('PAUSED')).getByText('Inactive')).toBeInTheDocument();
    expect(within(table()).queryByText(/held by/)).toBeNull();
  });

  it('sorts by code or uses, and searches code and creator', async () => {
    serve([
      SPRING,
      OLD,
      USED,
      code({ id: 'd-6', code: 'FRIENDS', timesUsed: 0, creatorEmail: 'helper@pawsitive.example' }),
    ]);
    renderPage();
    await screen.findByText('SPRING15');
    const codes = () =>
      within(table())
        .getAllByRole('rowheader')
        .map((c) => c.textContent);
    await userEvent.click(within(table()).getByRole('button', { name: /Code/ }));
    expect(codes()).toEqual(['FRIENDS', 'OLD10', 'SPRING15', 'USEDUP']);
    await userEvent.click(within(table()).getByRole('button', { name: /Used/ }));
    expect(codes()[0]).toBe('FRIENDS');
    expect(codes()[3]).toBe('USEDUP');

    const search = screen.getByRole('searchbox', { name: 'Search discount codes' });
    await userEvent.type(search, 'helper@');
    expect(codes()).toEqual(['FRIENDS']);
    expect(screen.getAllByText('1 matches')[0]).toBeVisible();
    await userEvent.clear(search);
    await userEvent.type(search, 'nope');
    expect(within(table()).getByText('No discount codes match your search.')).toBeInTheDocument();
  });

  it('shows uses held by open checkouts apart from the paid ones', async () => {
    serve([code({ code: 'ONCE', usageLimit: 1, timesUsed: 0, heldUses: 1 }), code({ id: 'd-5', heldUses: 3 })]);
    renderPage();
    await screen.findByText('ONCE');
    const once = rowOf('ONCE');
    expect(within(once).getByText('0 / 1')).toBeInTheDocument();
    expect(within(once).getByText('1 held by an open checkout')).toBeInTheDocument();
    expect(within(once).getByText('Active')).toBeInTheDocument();
    expect(within(rowOf('SPRING15')).getByText('3 held by open checkouts')).toBeInTheDocument();
  });

  it('says when the list fails to load', async () => {
    serve([], { GET: 500 });
    renderPage();
    expect(await screen.findByText('Failed to load discount codes')).toBeInTheDocument();
  });

  it('generates a code and creates it upper-cased with its terms', async () => {
    const calls = serve();
    renderPage();
    await screen.findByText('SPRING15');
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toMatch(/^[A-Z0-9]{8}$/);
    await userEvent.clear(screen.getByLabelText('Code'));
    await userEvent.type(screen.getByLabelText('Code'), 'summer20');
    await userEvent.type(screen.getByLabelText('Discount value'), '20');
    await userEvent.type(screen.getByLabelText('Usage limit'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Create Code' }));
    expect(await screen.findByText('Discount code created successfully!')).toBeInTheDocument();
    expect(mutations(calls)[0]).toMatchObject({
      method: 'POST',
      url: '/api/discount-codes',
      body: { code: 'SUMMER20', discountType: 'percentage', discountValue: 20, usageLimit: 5, expiresAt: null },
    });
    expect(await within(table()).findByText('SUMMER20')).toBeInTheDocument();
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('');
  });

  it('refuses a value off the 0.01 step before sending, and shows the duplicate text from the server', async () => {
    const calls = serve(undefined, { POST: 409 });
    renderPage();
    await screen.findByText('SPRING15');
    await userEvent.type(screen.getByLabelText('Code'), 'SPRING15');
    await userEvent.type(screen.getByLabelText('Discount value'), '1.005');
    await userEvent.click(screen.getByRole('button', { name: 'Create Code' }));
    expect(await screen.findByText('Discount value must be in steps of 0.01')).toBeInTheDocument();
    expect(mutations(calls)).toHaveLength(0);
    await userEvent.clear(screen.getByLabelText('Discount value'));
    await userEvent.type(screen.getByLabelText('Discount value'), '15');
    await userEvent.click(screen.getByRole('button', { name: 'Create Code' }));
    expect(await screen.findByText('A discount code with this name already exists')).toBeInTheDocument();
  });

  it('says when creating fails otherwise', async () => {
    serve(undefined, { POST: 500 });
    renderPage();
    await screen.findByText('SPRING15');
    await userEvent.type(screen.getByLabelText('Code'), 'NEWCODE');
    await userEvent.type(screen.getByLabelText('Discount value'), '5');
    await userEvent.click(screen.getByRole('button', { name: 'Create Code' }));
    expect(await screen.findByText('Failed to create discount code')).toBeInTheDocument();
  });

  it('deactivates and activates', async () => {
    const calls = serve();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate SPRING15' }));
    expect(await screen.findByText('Discount code deactivated successfully')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Activate PAUSED' }));
    expect(await screen.findByText('Discount code activated successfully')).toBeInTheDocument();
    expect(mutations(calls).map((c) => [c.method, c.url, c.body])).toEqual([
      ['PATCH', '/api/discount-codes/d-1', { isActive: false }],
      ['PATCH', '/api/discount-codes/d-4', { isActive: true }],
    ]);
  });

  it('says when the status change fails', async () => {
    serve(undefined, { PATCH: 500 });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Deactivate SPRING15' }));
    expect(await screen.findByText('Failed to update discount code')).toBeInTheDocument();
  });

  it('deletes after confirmation', async () => {
    const calls = serve();
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete OLD10' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Delete the discount code OLD10? This cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(mutations(calls)).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Delete OLD10' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Discount code deleted successfully')).toBeInTheDocument();
    await waitFor(() => expect(within(table()).queryByText('OLD10')).toBeNull());
  });

  it('says when deleting fails', async () => {
    serve(undefined, { DELETE: 500 });
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: 'Delete OLD10' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete discount code')).toBeInTheDocument();
  });
});

describe('code generator', () => {
  it('makes 8 upper-case letters or digits, different each time', () => {
    const made = new Set(Array.from({ length: 50 }, () => generateCode()));
    for (const c of made) expect(c).toMatch(/^[A-Z0-9]{8}$/);
    expect(made.size).toBe(50);
  });
});
