import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PASSWORD_EDGE_SPACE, PASSWORD_TOO_SHORT, PASSWORDS_DO_NOT_MATCH } from '#shared/auth-policy';
import { ToastFlashbar } from '../../../components/portal/toast-flashbar';
import { configureAuth } from '../../../lib/auth';
import { ToastProvider } from '../../../lib/toasts';
import { CHANGE_PASSWORD_TEXTS, ChangePasswordForm } from './change-password';

/** Text as shown, not the copies Cloudscape keeps for screen-reader announcements. */
const SHOWN = { ignore: 'script, style, [hidden], [aria-live]' };
const ENDPOINT = 'http://127.0.0.1:9/cognito';
const CLIENT_ID = 'client-pw';
const CURRENT = 'current-password-1';

const b64url = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
const jwt = (payload: Record<string, unknown>) => `${b64url({ alg: 'RS256' })}.${b64url(payload)}.sig`;
const now = Math.floor(Date.now() / 1000);
const ACCESS = jwt({ sub: 'u1', username: 'u1', client_id: CLIENT_ID, token_use: 'access', iat: now, exp: now + 3600 });

/** The user pool as Amplify Auth reaches it: ChangePassword with the signed-in access token. */
const changePasswordCalls: Record<string, unknown>[] = [];
function stubUserPool() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const headers = new Headers(init?.headers);
      if (String(input).startsWith(ENDPOINT) && headers.get('x-amz-target')?.endsWith('.ChangePassword')) {
        const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
        changePasswordCalls.push(body);
        const type = { 'content-type': 'application/x-amz-json-1.1' };
        if (body.AccessToken !== ACCESS || body.PreviousPassword !== CURRENT)
          return new Response(
            JSON.stringify({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' }),
            { status: 400, headers: type },
          );
        return new Response('{}', { status: 200, headers: type });
      }
      return new Response(null, { status: 404 });
    }),
  );
}

beforeEach(() => {
  changePasswordCalls.length = 0;
  const prefix = `CognitoIdentityServiceProvider.${CLIENT_ID}`;
  localStorage.setItem(`${prefix}.LastAuthUser`, 'u1');
  localStorage.setItem(`${prefix}.u1.accessToken`, ACCESS);
  localStorage.setItem(`${prefix}.u1.idToken`, jwt({ sub: 'u1', email: 'a@b.c', iat: now, exp: now + 3600 }));
  localStorage.setItem(`${prefix}.u1.clockDrift`, '0');
  configureAuth({
    userPoolId: 'local_pool',
    userPoolClientId: CLIENT_ID,
    userPoolEndpoint: ENDPOINT,
  } as Parameters<typeof configureAuth>[0]);
  stubUserPool();
});

afterEach(() => localStorage.clear());

/** A whole value at once, as a password manager pastes it: one change, where typing makes one per key. */
async function fill(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, value: string) {
  await user.click(field);
  await user.paste(value);
}

function renderForm() {
  const onDone = vi.fn();
  render(
    <ToastProvider>
      <ToastFlashbar />
      <ChangePasswordForm onDone={onDone} />
    </ToastProvider>,
  );
  return onDone;
}

// The first render of Amplify UI's form with Cloudscape's fields takes 3-4 s of a busy two-core machine
// (measured); the default 5 s leaves too little room for the typing and the answers after it.
describe('change password (Profile & Account)', () => {
  it("checks the new password with the shared policy and the spec's texts before anything is sent", async () => {
    const user = userEvent.setup();
    renderForm();
    const submit = await screen.findByRole('button', { name: CHANGE_PASSWORD_TEXTS.submit });
    expect(submit).toBeDisabled();

    await fill(user, screen.getByLabelText(CHANGE_PASSWORD_TEXTS.currentPassword), CURRENT);
    await fill(user, screen.getByLabelText(CHANGE_PASSWORD_TEXTS.newPassword), 'short');
    await user.tab();
    expect(await screen.findByText(PASSWORD_TOO_SHORT, SHOWN)).toBeInTheDocument();
    await fill(user, screen.getByLabelText(CHANGE_PASSWORD_TEXTS.newPassword), ' enough ');
    expect(await screen.findByText(PASSWORD_EDGE_SPACE, SHOWN)).toBeInTheDocument();
    expect(screen.queryByText(PASSWORD_TOO_SHORT, SHOWN)).not.toBeInTheDocument();

    await user.clear(screen.getByLabelText(CHANGE_PASSWORD_TEXTS.newPassword));
    await fill(user, screen.getByLabelText(CHANGE_PASSWORD_TEXTS.newPassword), 'new-password-2');
    await fill(user, screen.getByLabelText(CHANGE_PASSWORD_TEXTS.confirmPassword), 'new-password-3');
    await user.tab();
    expect(await screen.findByText(PASSWORDS_DO_NOT_MATCH, SHOWN)).toBeInTheDocument();
    expect(submit).toBeDisabled();
    expect(changePasswordCalls).toHaveLength(0);
  });

  it("changes the password through Cognito's ChangePassword, says so and closes", async () => {
    const user = userEvent.setup();
    const onDone = renderForm();
    await fill(user, await screen.findByLabelText(CHANGE_PASSWORD_TEXTS.currentPassword), CURRENT);
    await fill(user, screen.getByLabelText(CHANGE_PASSWORD_TEXTS.newPassword), 'new-password-2');
    await fill(user, screen.getByLabelText(CHANGE_PASSWORD_TEXTS.confirmPassword), 'new-password-2');
    await user.click(screen.getByRole('button', { name: CHANGE_PASSWORD_TEXTS.submit }));

    expect(await screen.findByText(CHANGE_PASSWORD_TEXTS.changed, SHOWN)).toBeInTheDocument();
    expect(changePasswordCalls).toEqual([
      { AccessToken: ACCESS, PreviousPassword: CURRENT, ProposedPassword: 'new-password-2' },
    ]);
    expect(onDone).toHaveBeenCalledOnce();
  });

  it("shows Cognito's message when the current password is wrong, and stays open", async () => {
    const user = userEvent.setup();
    const onDone = renderForm();
    await fill(user, await screen.findByLabelText(CHANGE_PASSWORD_TEXTS.currentPassword), 'not-the-password');
    await fill(user, screen.getByLabelText(CHANGE_PASSWORD_TEXTS.newPassword), 'new-password-2');
    await fill(user, screen.getByLabelText(CHANGE_PASSWORD_TEXTS.confirmPassword), 'new-password-2');
    await user.click(screen.getByRole('button', { name: CHANGE_PASSWORD_TEXTS.submit }));

    expect(await screen.findByText('Incorrect username or password.', SHOWN)).toBeInTheDocument();
    expect(changePasswordCalls).toHaveLength(1);
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.queryByText(CHANGE_PASSWORD_TEXTS.changed, SHOWN)).not.toBeInTheDocument();
  });
});
