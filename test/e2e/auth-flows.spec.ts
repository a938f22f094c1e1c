/**
 * Sign-in journeys beyond email + password: an invited client's first sign-in with the temporary
 * password the trainer got from POST /api/clients (choose a new password, complete onboarding, land on
 * the dashboard),
 * and a password reset with the local fixed code 123456. axe checks each new screen.
 */

import {
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { fillFirstDog, idToken, signIn } from './helpers';

// Texts are read with .first(): Cloudscape also copies form errors and status toasts into hidden
// screen-reader announcement regions later in the page.

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const RESET_SENT = 'Password reset instructions have been sent to your email address.';
const LOCAL_RESET_CODE = '123456';

async function expectNoAxeViolations(page: Page, state: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const found = violations.map((v) => `${state}: ${v.id} (${v.impact}): ${v.help} ${v.nodes.map((n) => n.target)}`);
  expect(found, found.join('\n')).toEqual([]);
}

const cognito = () =>
  new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: process.env.E2E_COGNITO_ENDPOINT,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });

async function webClientId(request: APIRequestContext): Promise<string> {
  const config = await (await request.get('/config.json')).json();
  return config.userPoolClientId;
}

/** A client created the way the trainer does it (POST /api/clients as the seeded admin). */
async function createClient(request: APIRequestContext, firstName: string) {
  const client = cognito();
  try {
    const admin = await client.send(
      new InitiateAuthCommand({
        ClientId: await webClientId(request),
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: {
          USERNAME: process.env.E2E_ADMIN_EMAIL as string,
          PASSWORD: process.env.E2E_ADMIN_PASSWORD as string,
        },
      }),
    );
    const email = `${firstName.toLowerCase()}.${Date.now().toString(36)}@example.com`;
    const created = await request.post('/api/clients', {
      headers: { authorization: `Bearer ${admin.AuthenticationResult?.IdToken}` },
      data: { firstName, lastName: 'Walker', email, phone: '941-555-0177' },
    });
    expect(created.status()).toBe(201);
    const { temporaryPassword } = (await created.json()) as { temporaryPassword: string };
    expect(temporaryPassword).toEqual(expect.any(String));
    return { email, temporaryPassword };
  } finally {
    client.destroy();
  }
}

test('an invited client signs in with the temporary password, chooses a new one and reaches the dashboard', async ({
  page,
  request,
  browser,
}) => {
  const { email, temporaryPassword } = await createClient(request, 'Ivy');

  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, temporaryPassword);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await expectNoAxeViolations(page, 'new-password step');

  const newPassword = page.getByLabel('New password', { exact: true });
  const confirm = page.getByLabel('Confirm new password', { exact: true });
  await newPassword.fill('short');
  await confirm.fill('short');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Password must be at least 8 characters long').first()).toBeVisible();
  await newPassword.fill('ivy walks every morning');
  await confirm.fill('ivy walks every evening');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Passwords do not match').first()).toBeVisible();
  await expectNoAxeViolations(page, 'new-password step with errors');

  // By keyboard: Enter in the confirmation submits.
  await confirm.fill('ivy walks every morning');
  await confirm.press('Enter');
  // The remembered page is /dashboard; a client whose profile is not completed goes on to onboarding.
  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Step 2 of 3: Your Dogs')).toBeVisible();
  await fillFirstDog(page);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('button', { name: 'Complete Profile' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 2, name: 'My Dogs' })).toBeVisible();

  // From now on the new password is the password; the temporary one is gone.
  const again = await browser.newPage();
  await again.goto('/login');
  await signIn(again, email, temporaryPassword);
  // cognito-local's words for a wrong password (the cloud says "Incorrect username or password.").
  await expect(again.getByText('Invalid password', { exact: true }).first()).toBeVisible();
  await expect(again.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await again.getByLabel('Password', { exact: true }).fill('ivy walks every morning');
  await again.getByRole('button', { name: 'Sign in' }).click();
  await expect(again).toHaveURL(/\/dashboard$/);
  await again.close();
});

test('a client resets a forgotten password with the e-mailed code and signs in with the new one', async ({
  page,
  request,
}) => {
  const { email, temporaryPassword } = await createClient(request, 'Fern');
  // Fern has chosen her own password (the first sign-in), then forgets it.
  const client = cognito();
  try {
    const ClientId = await webClientId(request);
    const challenge = await client.send(
      new InitiateAuthCommand({
        ClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: { USERNAME: email, PASSWORD: temporaryPassword },
      }),
    );
    expect(challenge.ChallengeName).toBe('NEW_PASSWORD_REQUIRED');
    await client.send(
      new RespondToAuthChallengeCommand({
        ClientId,
        ChallengeName: 'NEW_PASSWORD_REQUIRED',
        Session: challenge.Session,
        ChallengeResponses: { USERNAME: email, NEW_PASSWORD: 'fern forgot this one' },
      }),
    );
  } finally {
    client.destroy();
  }

  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Back to sign in' })).toHaveAttribute('href', '/login');
  await expectNoAxeViolations(page, 'reset request');

  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset code' }).click();
  await expect(page.getByText(RESET_SENT).first()).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
  await expectNoAxeViolations(page, 'reset code form');

  await page.getByLabel('Code', { exact: true }).fill('000000');
  await page.getByLabel('New password', { exact: true }).fill('fern remembers now');
  await page.getByLabel('Confirm new password', { exact: true }).fill('fern remembers now');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Invalid verification code provided, please try again.').first()).toBeVisible();

  await page.getByLabel('Code', { exact: true }).fill(LOCAL_RESET_CODE);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText('Your password has been reset. Sign in with your new password.').first()).toBeVisible();
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(email);
  await page.getByLabel('Password', { exact: true }).fill('fern remembers now');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // Signed in; Fern has not completed her profile yet, so the dashboard sends her to onboarding.
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('the profile load after sign-in names a store outage after its retries, signs out, and lets the next try in', async ({
  page,
}) => {
  // The API's answers while its store is down (the gateway and the handlers are up): GET /api/me fails
  // with a server error and GET /api/health says why.
  let meCalls = 0;
  await page.route('**/api/me', (route) => {
    meCalls++;
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'Something went wrong. Please try again.' } }),
    });
  });
  await page.route('**/api/health', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'UNAVAILABLE', message: 'The data store did not answer' } }),
    }),
  );
  await page.goto('/login');
  await signIn(page, process.env.E2E_ADMIN_EMAIL as string, process.env.E2E_ADMIN_PASSWORD as string);
  await expect(page.getByText('Database connectivity failed: The data store did not answer').first()).toBeVisible();
  expect(meCalls).toBe(3);
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => idToken(page)).toBeNull();
  await page.screenshot({ path: test.info().outputPath('profile-load-outage.png') });

  // The store is back: the same sign-in goes through (the real health route answers ok meanwhile).
  await page.unroute('**/api/me');
  await page.unroute('**/api/health');
  expect((await page.request.get('/api/health')).status()).toBe(200);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a session the API rejects during the profile load is signed out with "Invalid session during profile load"', async ({
  page,
}) => {
  await page.route('**/api/me', (route) =>
    route.fulfill({
      status: 401,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'UNAUTHENTICATED', message: 'No user logged in' } }),
    }),
  );
  await page.goto('/login');
  await signIn(page, process.env.E2E_ADMIN_EMAIL as string, process.env.E2E_ADMIN_PASSWORD as string);
  await expect(page.getByText('Invalid session during profile load').first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(() => idToken(page)).toBeNull();
});
