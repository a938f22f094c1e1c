import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthContext, type AuthContextValue } from '../../../lib/auth-context';
import { json, location, renderAt, stubApi } from '../../../testing/portal-harness';
import { ACCOUNT_DELETED_TEXT, AccountDataSection, EXPORT_DONE_TEXT } from './account-data-section';

vi.mock('aws-amplify/auth', () => ({
  fetchAuthSession: vi.fn(async () => ({ tokens: { idToken: { toString: () => 'id-token-123', payload: {} } } })),
  signIn: vi.fn(),
  signOut: vi.fn(),
}));

function auth(role: 'admin' | 'client', signOut = vi.fn(async () => undefined)): AuthContextValue {
  return {
    status: 'signedIn',
    user: { userId: 'u-1', email: 'maria@example.com', role },
    signIn: vi.fn(),
    confirmNewPassword: vi.fn(),
    confirmTotpCode: vi.fn(),
    signOut,
    getIdToken: async () => 'id-token-123',
  };
}

const renderSection = (value: AuthContextValue) =>
  renderAt(
    '/dashboard/settings',
    '/dashboard/settings',
    <AuthContext.Provider value={value}>
      <AccountDataSection />
    </AuthContext.Provider>,
  );

afterEach(() => vi.unstubAllGlobals());

describe('Download my data', () => {
  it('saves the export as a JSON file and says so', async () => {
    const calls = stubApi(() => json(200, { format: 'pawsitive-portal-export/1', profile: { id: 'c-1' } }));
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:export');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    renderSection(auth('client'));
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText(EXPORT_DONE_TEXT)).toBeInTheDocument();
    expect(calls[0]).toMatchObject({ method: 'GET' });
    expect(calls[0].url).toMatch(/\/api\/me\/export$/);
    const blob = createObjectURL.mock.calls[0][0];
    expect(JSON.parse(await blob.text())).toMatchObject({ profile: { id: 'c-1' } });
    expect(clicked).toHaveBeenCalled();
    const anchor = clicked.mock.instances[0] as unknown as HTMLAnchorElement;
    expect(anchor.download).toMatch(/^pawsitive-data-\d{4}-\d{2}-\d{2}\.json$/);
  });

  it('keeps the file URL valid until the next export, however late the browser reads it', async () => {
    stubApi(() => json(200, { format: 'pawsitive-portal-export/1', profile: { id: 'c-1' } }));
    let n = 0;
    URL.createObjectURL = vi.fn((_blob: Blob) => `blob:export-${++n}`);
    const revoked = vi.fn();
    URL.revokeObjectURL = revoked;
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    renderSection(auth('client'));
    const button = screen.getByRole('button', { name: 'Download my data' });
    fireEvent.click(button);
    expect(await screen.findByText(EXPORT_DONE_TEXT)).toBeInTheDocument();
    const first = n;
    // A minute after the click (whatever timers were set), the first file is still readable.
    vi.advanceTimersByTime(60_000);
    vi.useRealTimers();
    expect(revoked).not.toHaveBeenCalledWith(`blob:export-${first}`);
    await waitFor(() => expect(button).not.toHaveAttribute('aria-disabled', 'true'));
    fireEvent.click(button);
    await waitFor(() => expect(revoked).toHaveBeenCalledWith(`blob:export-${first}`));
    expect(revoked).not.toHaveBeenCalledWith(`blob:export-${n}`);
  });

  it('shows the server message when the export fails', async () => {
    stubApi(() => json(500, { error: { message: 'Something went wrong. Please try again.' } }));
    renderSection(auth('client'));
    fireEvent.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Something went wrong. Please try again.')).toBeInTheDocument();
  });
});

describe('Delete my account', () => {
  it('is offered to clients only', () => {
    stubApi(() => json(200, {}));
    renderSection(auth('admin'));
    expect(screen.getByRole('button', { name: 'Download my data' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete my account' })).not.toBeInTheDocument();
  });

  it('asks for the e-mail, deletes, signs out and goes to /login', async () => {
    const calls = stubApi(() => new Response(null, { status: 204 }));
    const signOut = vi.fn(async () => undefined);
    renderSection(auth('client', signOut));
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog');
    const confirm = screen.getAllByRole('button', { name: 'Delete my account' }).at(-1) as HTMLElement;
    expect(confirm).toBeDisabled();
    const input = dialog.querySelector('input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: 'someone@example.com' } });
    expect(confirm).toBeDisabled();
    fireEvent.change(input, { target: { value: 'Maria@Example.com ' } });
    expect(confirm).toBeEnabled();
    fireEvent.click(confirm);
    await waitFor(() => expect(location()).toBe('/login'));
    expect(calls[0]).toMatchObject({ method: 'DELETE', body: { confirmEmail: 'Maria@Example.com' } });
    expect(signOut).toHaveBeenCalled();
    expect(await screen.findByText(ACCOUNT_DELETED_TEXT)).toBeInTheDocument();
  });

  it('stays signed in and says why when the deletion fails', async () => {
    stubApi(() => json(400, { error: { message: 'Type your e-mail address exactly to confirm.' } }));
    const signOut = vi.fn(async () => undefined);
    renderSection(auth('client', signOut));
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(dialog.querySelector('input') as HTMLInputElement, { target: { value: 'maria@example.com' } });
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete my account' }).at(-1) as HTMLElement);
    expect(await screen.findByText('Type your e-mail address exactly to confirm.')).toBeInTheDocument();
    expect(signOut).not.toHaveBeenCalled();
    expect(location()).toBe('/dashboard/settings');
  });
});
