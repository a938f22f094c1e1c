import { AdminSetUserPasswordCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Loads a page and lets its content requests and state transitions settle. */
export async function open(page: Page, path: string): Promise<void> {
  await page.goto(path);
  // networkidle: no request for 500 ms after the content fetches, which also covers the about page's
  // 100 ms content delay and 200 ms transition (SPEC 2).
  await page.waitForLoadState('networkidle');
}

/**
 * Holds back the page's scripts past its entry: its behaviour (web/src/app/islands.ts with
 * lib/static-page, the `static-page` chunk) and its React island (app/contact-island.tsx). Until
 * `release()` the page is its prerendered HTML only.
 */
export async function holdHydration(page: Page): Promise<{ release: () => void }> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/(static-page|contact-island)-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}

/** Fills the free-evaluation form at /contact as Jane Doe (e-mail overridable) with a dog named `dogName`. */
export async function fillContactForm(page: Page, dogName: string, email = 'jane.doe@example.com') {
  await page.goto('/contact');
  await page.getByLabel('First Name').fill('Jane');
  await page.getByLabel('Last Name').fill('Doe');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('(941) 555-0100');
  await page.getByLabel("Dog's Name").fill(dogName);
  await page.getByLabel('Breed').fill('Cockapoo');
  await page.getByLabel('Birth Date').fill('2025-03-01');
  await page.getByLabel('Sex').selectOption('female');
  await page.getByLabel('Program').selectOption('puppyFoundations');
  await page.getByLabel('Message').fill('Our puppy jumps on guests and pulls on the leash.');
}

/** Signs in on /login (the page must be there) and waits to leave it. */
export async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: /sign in/i }).click();
}

/** Onboarding's dogs step: fills the first dog's required fields (Next and Complete need them). */
export async function fillFirstDog(page: Page, name = 'Biscuit') {
  await page.getByLabel('Name').first().fill(name);
  await page.getByLabel('Breed').first().fill('Beagle');
  await page.getByRole('textbox', { name: 'Birth date' }).first().fill('2022/03/04');
  await page.getByRole('button', { name: 'Sex' }).first().click();
  await page.getByRole('option', { name: 'Male', exact: true }).click();
}

/** A portal screen's axe findings (WCAG 2.0/2.1 A + AA and best practices) and whether it is wider than the viewport. */
export async function axeProblems(page: Page, name: string): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  const found: string[] = [];
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  if (overflow > 1) found.push(`${name}: the page is ${overflow}px wider than the viewport`);
  const { violations } = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .analyze();
  for (const v of violations)
    found.push(`${name}: ${v.id} (${v.impact}): ${v.help} ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  return found;
}

/** The signed-in person's ID token, as Amplify keeps it. */
export const idToken = (page: Page) =>
  page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.endsWith('.idToken'));
    return key ? localStorage.getItem(key) : null;
  });

/** Gives a local user a permanent password (as if they had chosen it at first sign-in). */
export async function setPassword(email: string, password: string) {
  const cognito = new CognitoIdentityProviderClient({
    region: 'us-east-1',
    endpoint: process.env.E2E_COGNITO_ENDPOINT,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  try {
    await cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: process.env.E2E_USER_POOL_ID,
        Username: email,
        Password: password,
        Permanent: true,
      }),
    );
  } finally {
    cognito.destroy();
  }
}
