import { AdminSetUserPasswordCommand, CognitoIdentityProviderClient } from '@aws-sdk/client-cognito-identity-provider';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Page } from '@playwright/test';

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
  await page.getByLabel('Birth date').first().fill('2022-03-04');
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

/** The local e-mail inbox (aws-ses-v2-local). */
export const sesUrl = () => process.env.E2E_SES_URL as string;

/** The e-mails the local inbox holds for `address`, oldest first. */
export async function mailTo(page: Page, address: string): Promise<{ subject: string; body: { text?: string } }[]> {
  const res = await page.request.get(`${sesUrl()}/store`);
  const { emails } = (await res.json()) as {
    emails: { subject: string; destination: { to: string[] }; body: { text?: string } }[];
  };
  return emails.filter((m) => m.destination.to.includes(address));
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

const DESKTOP = { width: 1280, height: 900 };
/** A phone's viewport. */
export const PHONE = { width: 375, height: 812 };

/** The `authorization` header of the signed-in person's API calls. */
export const bearer = async (page: Page) => ({ authorization: `Bearer ${await idToken(page)}` });

/**
 * Signs `email` in on /login in a fresh browser context (desktop unless `viewport` says otherwise) and
 * waits to land on `landing` (a client: onboarding or the dashboard).
 */
export async function signedIn(
  browser: Browser,
  email: string,
  password: string,
  { viewport = DESKTOP, landing = /\/(onboarding|dashboard)/ }: { viewport?: typeof DESKTOP; landing?: RegExp } = {},
) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  await page.goto('/login');
  await signIn(page, email, password);
  await expect(page).toHaveURL(landing);
  return { context, page };
}

/** The trainer (the seeded admin) signed in on a fresh context, with the headers of their API calls. */
export async function signedInTrainer(browser: Browser, viewport = DESKTOP) {
  const email = process.env.E2E_ADMIN_EMAIL as string;
  const password = process.env.E2E_ADMIN_PASSWORD as string;
  const { context, page } = await signedIn(browser, email, password, { viewport, landing: /\/dashboard/ });
  return { context, page, headers: await bearer(page) };
}

export interface NewClient {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

/** A client created through the API by the trainer (signed in on `trainer`); their profile id. */
export async function createClient(trainer: Page, client: NewClient): Promise<string> {
  const created = await trainer.request.post('/api/clients', { headers: await bearer(trainer), data: client });
  expect(created.status()).toBe(201);
  return (await created.json()).client.id as string;
}

/** A dog the trainer adds to a client through the API; its id. */
export async function addDog(
  trainer: Page,
  clientId: string,
  dog: { name: string; breed: string; birthDate: string; sex: 'male' | 'female' },
): Promise<string> {
  const res = await trainer.request.post(`/api/clients/${clientId}/dogs`, {
    headers: await bearer(trainer),
    data: dog,
  });
  expect(res.status()).toBe(201);
  return (await res.json()).dog.id as string;
}

/** Completes the signed-in client's onboarding through the API: their personal information, no dogs. */
async function completeOnboarding(page: Page, client: NewClient) {
  const done = await page.request.post('/api/me/onboarding/complete', {
    headers: await bearer(page),
    data: {
      data: {
        personalInfo: {
          ...client,
          address: '1 Main St',
          emergencyContact: `Someone ${client.lastName}`,
          emergencyPhone: '941-555-0199',
        },
        dogInfo: { dogs: [] },
        trainingInfo: { previousTraining: '', trainingGoals: '', specificIssues: '', howHeardAboutUs: '' },
      },
    },
  });
  expect(done.status(), await done.text()).toBe(200);
}

/**
 * A client of the trainer with one dog and a password of their own, signed in on a fresh desktop context
 * and onboarded through the API (their dashboard opens).
 */
export async function onboardedClientWithDog(
  browser: Browser,
  trainer: Page,
  client: NewClient & { password: string },
  dog: Parameters<typeof addDog>[2],
) {
  const { password, ...details } = client;
  const clientId = await createClient(trainer, details);
  const dogId = await addDog(trainer, clientId, dog);
  await setPassword(client.email, password);
  const { context, page } = await signedIn(browser, client.email, password);
  await completeOnboarding(page, details);
  return { context, page, clientId, dogId, dogName: dog.name, name: `${client.firstName} ${client.lastName}` };
}
