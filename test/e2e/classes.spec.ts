import { type Browser, expect, type Page, test } from '@playwright/test';
import { store } from '../../shared/db/service.js';
import { startFirstMeeting } from '../support/class-time.js';
import { mailTo, onboardedClientWithDog, PHONE, signedInTrainer } from './helpers';

/**
 * Group classes as people use them (issue 39): the trainer creates a priced 6-week class with 2 seats
 * and publishes it; the public /classes page says "2 seats left" in its first HTML; one client pays for
 * the class at the local checkout (its seat follows the payment), a second enrols with the credits they
 * have, a third joins the waitlist and the page says Full; the first cancels, the third is offered the
 * seat (portal message and e-mail) and pays for it; the trainer's roster shows the two seats and marks
 * the first meeting's attendance, and the seat holders have the meetings in their sessions.
 */

/** A client with one dog, onboarded, on a phone (where clients use the portal). */
async function client(browser: Browser, admin: Page, tag: string, firstName: string) {
  return onboardedClientWithDog(
    browser,
    admin,
    {
      firstName,
      lastName: 'Class',
      email: `classes.${firstName.toLowerCase()}.${tag}@example.com`,
      phone: '941-555-0177',
      password: `${firstName}-${tag}-pw`,
    },
    { name: `${firstName}Pup${tag}`, breed: 'Beagle', birthDate: '2025-06-01', sex: 'female' },
  );
}

const giveCredits = (profileId: string, credits: number) =>
  store().entities.sessionCredits.update({ profileId }).add({ balance: credits }).go();

/** The public /classes page's first HTML (no script runs), once it says `text`. */
async function publicHtmlSays(page: Page, text: string) {
  await expect.poll(async () => (await page.request.get('/classes')).text(), { timeout: 30_000 }).toContain(text);
}

/** Pays for the class's seat from the client's class card at the local checkout, and waits for the seat. */
async function payForSeat(c: { page: Page; dogName: string }, title: string) {
  await c.page.getByRole('link', { name: `Pay $120.00 for ${c.dogName} in ${title}` }).click();
  await expect(c.page.getByRole('heading', { name: 'Your class' })).toBeVisible();
  await c.page.getByRole('button', { name: 'Pay $120.00' }).click();
  await expect(c.page.getByRole('heading', { name: 'Local checkout' })).toBeVisible();
  await c.page.getByRole('button', { name: 'Pay $120.00' }).click();
  await expect(c.page).toHaveURL(/\/payment\/success\?payment=/);
  await expect(c.page.getByText('Paid', { exact: true })).toBeVisible();
  await c.page.getByRole('link', { name: 'See your classes' }).click();
  // The seat is taken by the payment's event: the card shows it once that has run.
  const cancel = c.page.getByRole('button', { name: `Cancel the enrolment of ${c.dogName} in ${title}` });
  await expect(async () => {
    await c.page.reload();
    await expect(cancel).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
}

test('a class fills, its waitlist moves by itself, and the public page follows', async ({ browser }) => {
  test.setTimeout(180_000);
  const tag = Date.now().toString(36);
  const title = `Puppy Manners ${tag}`;
  const { page: admin } = await signedInTrainer(browser);

  // Three weeks ahead at 05:15 in the business's zone: no other journey schedules then.
  const zone = ((await (await admin.request.get('/api/public/business')).json()) as { timeZone: string }).timeZone;
  const date = new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(Date.now() + 21 * 86_400_000));

  await admin.goto('/dashboard/classes');
  await admin.getByRole('link', { name: 'Create class' }).click();
  await admin.getByLabel('Title').fill(title);
  await admin.getByLabel('Description').fill('Six weeks of **calm** puppy manners.');
  await admin.getByLabel('Credits').fill('4');
  await admin.getByLabel('Price').fill('120');
  await admin.getByLabel('Capacity').fill('2');
  await admin.getByLabel('Location').fill('Training barn');
  await admin.getByLabel('First meeting date').fill(date);
  await admin.getByRole('textbox', { name: 'Time' }).fill('05:15');
  await admin.getByLabel('Weeks').fill('6');
  await admin.getByRole('button', { name: 'Create class' }).click();
  await expect(admin).toHaveURL(/\/dashboard\/classes$/);
  await admin.getByRole('button', { name: `Publish ${title}` }).click();
  await expect(admin.getByRole('row', { name: new RegExp(title) })).toContainText('Published');

  await publicHtmlSays(admin, title);
  await publicHtmlSays(admin, '2 seats left');

  // One pays for the class at the local checkout; the second enrols with the credits they have.
  const payer = await client(browser, admin, tag, 'Mia');
  const second = await client(browser, admin, tag, 'Noah');
  const third = await client(browser, admin, tag, 'Ava');
  await giveCredits(second.clientId, 4);
  for (const c of [payer, second, third]) {
    await c.page.setViewportSize(PHONE);
    await c.page.goto('/dashboard/classes');
  }
  await expect(payer.page.getByText('$120.00 or 4 credits')).toBeVisible();
  await payForSeat(payer, title);
  await second.page.getByRole('button', { name: `Enrol with credits for ${second.dogName} in ${title}` }).click();
  await expect(second.page.getByText(`${second.dogName} is enrolled`).first()).toBeVisible();
  await third.page.reload();
  await third.page.getByRole('button', { name: `Enrol with credits for ${third.dogName} in ${title}` }).click();
  await expect(third.page.getByText(`${third.dogName} is on the waitlist, place 1`).first()).toBeVisible();
  await publicHtmlSays(admin, 'Full — join the waitlist');

  // The payer cancels: the seat is offered to the third, in the portal and by e-mail; they pay for it.
  await payer.page.getByRole('button', { name: `Cancel the enrolment of ${payer.dogName} in ${title}` }).click();
  await payer.page.getByRole('dialog').getByRole('button', { name: 'Cancel enrolment' }).click();
  await expect(payer.page.getByRole('link', { name: `Pay $120.00 for ${payer.dogName} in ${title}` })).toBeVisible();

  const email = `classes.ava.${tag}@example.com`;
  await expect
    .poll(async () => (await mailTo(third.page, email)).map((m) => m.subject), { timeout: 30_000 })
    .toContain(`A seat is free in ${title}`);
  await third.page.goto('/messages');
  await expect(third.page.getByText(`A seat is free in ${title}`).first()).toBeVisible();
  await third.page.goto('/dashboard/classes');
  await expect(third.page.getByText(/A seat is yours until/).first()).toBeVisible();
  await payForSeat(third, title);
  await expect(third.page.getByText(/A seat is yours until/)).toHaveCount(0);

  // The trainer's roster: the two seats, nobody waiting.
  await admin.goto('/dashboard/classes');
  await admin.getByRole('link', { name: `Roster of ${title}` }).click();
  await expect(admin.getByText(second.dogName).first()).toBeVisible();
  await expect(admin.getByText(third.dogName).first()).toBeVisible();
  const enrolled = admin.getByRole('table', { name: 'Enrolled dogs' });
  await expect(enrolled.getByText(payer.dogName)).toHaveCount(0);
  // Both checkouts are listed as the class's payments (the payer's is the one to refund).
  const payments = admin.getByRole('table', { name: 'Payments for this class' });
  await expect(payments.getByText(`${title} (${payer.dogName})`)).toBeVisible();
  await expect(payments.getByText(`${title} (${third.dogName})`)).toBeVisible();

  // The first meeting has begun: the trainer marks who came.
  const classId = new URL(admin.url()).pathname.split('/')[3];
  await startFirstMeeting(classId);
  await admin.reload();
  await admin.getByRole('button', { name: `Mark ${second.dogName} present` }).click();
  await admin.getByRole('button', { name: `Mark ${third.dogName} absent` }).click();
  // The attendance table's row of a dog (the roster's own table lists the dogs too).
  const marks = (dogName: string) =>
    admin.getByRole('row').filter({ has: admin.getByRole('button', { name: `Mark ${dogName} present` }) });
  await expect(marks(second.dogName)).toContainText('Present');
  await expect(marks(third.dogName)).toContainText('Absent');

  // Each client with a seat has the meetings among their sessions; the one who left does not.
  for (const c of [second, third]) {
    await c.page.goto('/sessions');
    const meetings = c.page.getByRole('list', { name: 'Class meetings' });
    await expect(meetings).toContainText(title);
    await expect(meetings).toContainText(`With ${c.dogName}`);
  }
  await payer.page.goto('/sessions');
  await expect(payer.page.getByText('At a glance').first()).toBeVisible();
  await expect(payer.page.getByText(title)).toHaveCount(0);
});
