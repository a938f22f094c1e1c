import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { fillContactForm, idToken, setPassword, signIn } from './helpers';

/**
 * Details the spec names, as people see them: the conversion result with the /login address; the
 * signup's "How did you hear about us?"; a session's details with the dog's training goals and the
 * homework message itself, for the client and on the trainer's form; the onboarding that stays on the
 * dogs while a required field is empty. Screenshots go to test-results/ for a look.
 */

const shot = (name: string) => ({ path: `test-results/spec-fidelity-${name}.png`, fullPage: true });

test('conversion result, signup list, session details with homework and goals, onboarding dogs', async ({
  browser,
  page: visitor,
}) => {
  test.setTimeout(180_000);
  const tag = randomUUID().slice(0, 6);
  const email = `fidelity.${tag}@example.com`;

  // A visitor asks for an evaluation; the trainer converts it: e-mail, temporary password and /login.
  await fillContactForm(visitor, `Maple${tag}`, email);
  await visitor.getByRole('button', { name: 'Schedule My Free Evaluation' }).click();
  await expect(visitor.getByText(/Thank you for your message!/)).toBeVisible();

  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await admin.goto('/dashboard/contact-submissions');
  await signIn(admin, process.env.E2E_ADMIN_EMAIL as string, process.env.E2E_ADMIN_PASSWORD as string);
  const row = admin.getByRole('row').filter({ hasText: email });
  await row.getByRole('button', { name: /Status of Jane Doe/ }).click();
  await admin.getByRole('option', { name: 'Converted' }).click();
  await admin.getByRole('dialog').getByRole('button', { name: 'Convert to client' }).click();
  await expect(admin.getByText('Client account created').first()).toBeVisible();
  const loginUrl = new URL('/login', admin.url()).toString();
  await expect(admin.getByRole('link', { name: loginUrl })).toHaveAttribute('href', loginUrl);
  await expect(admin.getByRole('button', { name: 'Copy login details' })).toBeVisible();
  await admin.screenshot(shot('conversion'));

  // The trainer's client (created with an invitation) and a dog with training goals, a homework message
  // and a session that has it.
  const headers = { authorization: `Bearer ${await idToken(admin)}` };
  const clientEmail = `fidelity.client.${tag}@example.com`;
  const created = await admin.request.post('/api/clients', {
    headers,
    data: { firstName: 'Gale', lastName: 'Fidelity', email: clientEmail },
  });
  expect(created.status()).toBe(201);
  const { client, invitationLink } = await created.json();
  const dog = await admin.request.post(`/api/clients/${client.id}/dogs`, {
    headers,
    data: {
      name: `Juniper${tag}`,
      breed: 'Whippet',
      birthDate: '2023-06-01',
      sex: 'female',
      trainingGoals: 'Calm greetings at the door',
    },
  });
  expect(dog.status()).toBe(201);
  const homework = await admin.request.post('/api/messages', {
    headers,
    data: {
      recipientIds: [client.id],
      subject: `Door manners ${tag}`,
      content: 'Ask for a **sit** before you open the door, five times a day.',
      messageType: 'homework',
      priority: 'urgent',
    },
  });
  expect(homework.status()).toBe(201);
  const homeworkId = (await homework.json()).messageIds[0] as string;
  const start = new Date(Date.now() + 3 * 86_400_000);
  start.setUTCHours(15, 0, 0, 0);
  const session = await admin.request.post('/api/sessions', {
    headers,
    data: {
      clientId: client.id,
      dogId: (await dog.json()).dog.id,
      scheduledAt: start.toISOString(),
      allowOverlap: true,
      homeworkAssigned: homeworkId,
    },
  });
  expect(session.status()).toBe(201);
  const sessionId = (await session.json()).session.id as string;

  // The trainer's form shows the chosen homework's preview with the list closed.
  await admin.goto(`/dashboard/sessions/${sessionId}/edit`);
  await expect(admin.getByText(`Door manners ${tag}`)).toBeVisible();
  await expect(admin.getByText('Ask for a **sit** before you open the door, five times a day.')).toBeVisible();
  await admin.screenshot(shot('session-form'));

  // The invitation's signup offers the signup list.
  const signup = await browser.newPage();
  const { pathname, search } = new URL(invitationLink);
  await signup.goto(`${pathname}${search}`);
  await signup.getByRole('button', { name: /How did you hear about us\?/ }).click();
  for (const option of ['Facebook', 'Instagram', 'Yelp']) {
    await expect(signup.getByRole('option', { name: option })).toBeVisible();
  }
  await signup.screenshot(shot('signup'));
  await signup.close();

  // The client sees the session's details: the homework message itself and the dog's goals.
  const password = `Gale-${tag}-walks`;
  await setPassword(clientEmail, password);
  const clientContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const me = await clientContext.newPage();
  await me.goto('/sessions');
  await signIn(me, clientEmail, password);
  await me.getByRole('button', { name: new RegExp(`^Details of Juniper${tag}`) }).click();
  const details = me.getByRole('dialog');
  await expect(details.getByText(`Door manners ${tag}`)).toBeVisible();
  await expect(details.locator('strong', { hasText: 'sit' })).toBeVisible();
  await expect(details.getByText('Calm greetings at the door')).toBeVisible();
  await me.screenshot(shot('client-session-details'));
  await details.getByRole('button', { name: 'Close', exact: true }).click();

  // Onboarding stays on the dogs while a required field is empty.
  await me.goto('/onboarding');
  await me.getByRole('button', { name: 'Next' }).click();
  await expect(me.getByText('Step 2 of 3: Your Dogs')).toBeVisible();
  await me.getByRole('button', { name: 'Add another dog' }).click();
  await me.getByLabel('Name').nth(1).fill('Pip');
  await me.getByRole('button', { name: 'Next' }).click();
  await expect(me.getByText('Please fill in the name, breed, birth date and sex of each dog (step 2).')).toBeVisible();
  await expect(me.getByText('Breed is required')).toHaveCount(2);
  await expect(me.getByText('Step 2 of 3: Your Dogs')).toBeVisible();
  await me.screenshot(shot('onboarding'));

  await clientContext.close();
  await adminContext.close();
});
