import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { setPassword, signIn } from './helpers';

/**
 * A signed-in client changes their password in Settings -> Profile & Account (Amplify UI's form, Amplify
 * Auth's updatePassword, cognito-local's ChangePassword): a wrong current password is refused with the
 * user pool's message, the right one changes it; after signing out only the new password signs in.
 */

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const FIRST = 'first walk of the day';
const SECOND = 'second walk of the day';
/** cognito-local's words for a wrong password (the cloud says "Incorrect username or password."). */
const WRONG_PASSWORD = 'Invalid password';

/** A client created the way the trainer does it (POST /api/clients as the seeded admin), with a password of their own. */
async function createClient(request: APIRequestContext): Promise<string> {
  const cognito = new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: process.env.E2E_COGNITO_ENDPOINT,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    const config = (await (await request.get('/config.json')).json()) as { userPoolClientId: string };
    const admin = await cognito.send(
      new InitiateAuthCommand({
        ClientId: config.userPoolClientId,
        AuthFlow: 'USER_PASSWORD_AUTH',
        AuthParameters: {
          USERNAME: process.env.E2E_ADMIN_EMAIL as string,
          PASSWORD: process.env.E2E_ADMIN_PASSWORD as string,
        },
      }),
    );
    const email = `rowan.${Date.now().toString(36)}@example.com`;
    const created = await request.post('/api/clients', {
      headers: { authorization: `Bearer ${admin.AuthenticationResult?.IdToken}` },
      data: { firstName: 'Rowan', lastName: 'Walker', email, phone: '941-555-0178' },
    });
    expect(created.status()).toBe(201);
    await setPassword(email, FIRST);
    return email;
  } finally {
    cognito.destroy();
  }
}

async function fillForm(page: Page, current: string, next: string) {
  await page.getByLabel('Current password', { exact: true }).fill(current);
  await page.getByLabel('New password', { exact: true }).fill(next);
  await page.getByLabel('Confirm new password', { exact: true }).fill(next);
}

test('a client changes the password in settings, signs out and signs in with the new one', async ({
  page,
  request,
}) => {
  const email = await createClient(request);

  await page.goto('/dashboard/settings?tab=profile');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, FIRST);
  await expect(page).toHaveURL(/\/dashboard\/settings\?tab=profile$/);
  await page.getByRole('button', { name: 'Change password' }).click();
  const submit = page.getByRole('button', { name: 'Update password' });
  await expect(submit).toBeDisabled();
  await expect(page.getByLabel('Current password', { exact: true })).toBeFocused();

  // A wrong current password: the user pool's message, and the password stays as it was.
  await fillForm(page, 'not my password', SECOND);
  // The primary button in the site's blue: Cloudscape's palette as the portal's theme sets it.
  await expect(submit).toHaveCSS('background-color', 'rgb(37, 99, 235)');
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  expect(violations.map((v) => `${v.id}: ${v.help} ${v.nodes.map((n) => n.target)}`)).toEqual([]);
  await submit.click();
  await expect(page.getByText(WRONG_PASSWORD, { exact: true }).first()).toBeVisible();

  await page.getByLabel('Current password', { exact: true }).fill(FIRST);
  await submit.click();
  await expect(page.getByText('Password changed successfully!').first()).toBeVisible();
  await expect(page.getByLabel('Current password', { exact: true })).toHaveCount(0);

  // Sign out; the old password no longer signs in, the new one does.
  await page.getByRole('button', { name: `Account menu for ${email}` }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, email, FIRST);
  await expect(page.getByText(WRONG_PASSWORD, { exact: true }).first()).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(SECOND);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
  await page.goto('/dashboard/settings?tab=profile');
  await expect(page.getByRole('button', { name: 'Change password' })).toBeVisible();
});
