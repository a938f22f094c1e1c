import { expect, test } from '@playwright/test';
import { idToken, mailTo, axeProblems as problems, setPassword, signIn } from './helpers';

/**
 * Referrals as people use them: client A opens the Referral Program, copies their code and refers a friend
 * by e-mail; the e-mail arrives in the local inbox with the link; the friend (client B) opens it, the
 * payment screen applies the code (10% off the first service) and B pays on the local checkout; A's
 * history then shows the referral converted with the $30.00 commission. The screens pass axe at 375 px
 * (A) and on a desktop (B).
 */
test('a client refers a friend by e-mail, the friend pays with the code, and the referral converts', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36);
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto('/login');
  await signIn(admin, process.env.E2E_ADMIN_EMAIL as string, process.env.E2E_ADMIN_PASSWORD as string);
  await expect(admin).toHaveURL(/\/dashboard/);
  const token = await idToken(admin);
  const people = [
    { firstName: 'Avery', email: `avery.${tag}@example.com` },
    { firstName: 'Blake', email: `blake.${tag}@example.com` },
  ];
  for (const p of people) {
    const created = await admin.request.post('/api/clients', {
      headers: { authorization: `Bearer ${token}` },
      data: { ...p, lastName: 'Referral', phone: '941-555-0188' },
    });
    expect(created.status()).toBe(201);
    await setPassword(p.email, `Pass-${tag}-x`);
  }
  await adminContext.close();
  const [avery, blake] = people;

  // Client A, on a phone: the code, Copy Code, Send a Referral.
  const aContext = await browser.newContext({ viewport: { width: 375, height: 812 } });
  await aContext.grantPermissions(['clipboard-read', 'clipboard-write']);
  const a = await aContext.newPage();
  await a.goto('/login');
  await signIn(a, avery.email, `Pass-${tag}-x`);
  await expect(a).toHaveURL(/\/(onboarding|dashboard)/);
  await a.goto('/referrals');
  await expect(a.getByRole('heading', { name: 'Referral Program' })).toBeVisible();
  await expect(a.getByRole('heading', { name: 'How it works' })).toBeVisible();
  const codeBox = a.getByTestId('referral-code');
  await expect(codeBox).toHaveText(/^AVERY\d{3}$/);
  const code = (await codeBox.textContent()) as string;
  await a.getByRole('button', { name: 'Copy Code' }).click();
  await expect(a.getByText('Referral code copied to clipboard!')).toBeVisible();
  expect(await a.evaluate(() => navigator.clipboard.readText())).toBe(code);
  await a.getByLabel("Friend's email").fill(blake.email);
  await a.getByRole('button', { name: 'Send Referral' }).click();
  await expect(a.getByText('Referral sent successfully!')).toBeVisible();
  const history = a.getByRole('table', { name: 'Referral history' });
  await expect(history.getByRole('row', { name: new RegExp(blake.email) }).getByText('Sent')).toBeVisible();
  const found = await problems(a, 'referrals (375 px)');
  await a.screenshot({ path: test.info().outputPath('referrals-375.png'), fullPage: true });

  // The e-mail arrives in the local inbox with the code and the link.
  const referralMails = async () => (await mailTo(a, blake.email)).filter((m) => m.subject.includes('referred you'));
  await expect.poll(async () => (await referralMails()).length, { timeout: 15_000 }).toBeGreaterThan(0);
  const mail = (await referralMails())[0];
  expect(mail.subject).toMatch(/^Avery Referral referred you to /);
  expect(mail.body.text).toContain(code);
  const link = mail.body.text?.match(/https?:\/\/\S+\/payment\?\S+/)?.[0];
  expect(link, mail.body.text).toBeTruthy();
  const { pathname, search } = new URL(link as string);

  // Client B, on a desktop: the link applies the code; B pays a single session 10% off (the evaluation is free
  // by default and takes no referral, ADR 0038).
  const bContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const b = await bContext.newPage();
  await b.goto('/login');
  await signIn(b, blake.email, `Pass-${tag}-x`);
  await expect(b).toHaveURL(/\/(onboarding|dashboard)/);
  await b.goto(`${pathname}${search}`);
  await expect(b.getByRole('heading', { name: 'Complete Your Payment' })).toBeVisible();
  await b.getByRole('radio', { name: /Single Training Session/ }).check();
  await expect(b.getByText("Referral code applied! You'll receive a discount.")).toBeVisible();
  await expect(b.getByRole('textbox', { name: 'Referral code' })).toHaveValue(code);
  await expect(b.getByText(`Referral discount (${code})`)).toBeVisible();
  found.push(...(await problems(b, 'payment with a referral (desktop)')));
  await b.screenshot({ path: test.info().outputPath('payment-referral-desktop.png'), fullPage: true });
  // The link's opening was counted.
  await a.reload();
  await expect(history.getByRole('row', { name: new RegExp(blake.email) }).getByText('Clicked')).toBeVisible();

  await b.getByRole('button', { name: 'Pay $90.00' }).click();
  await expect(b.getByRole('heading', { name: 'Local checkout' })).toBeVisible();
  await b.getByRole('button', { name: 'Pay $90.00' }).click();
  await expect(b).toHaveURL(/\/payment\/success\?payment=/);
  await expect(b.getByText('Thank you! Your payment was received.')).toBeVisible();

  // A's history: converted, with the commission.
  await a.reload();
  const row = history.getByRole('row', { name: new RegExp(blake.email) });
  await expect(row.getByText('Converted')).toBeVisible();
  await expect(row.getByText('$30.00')).toBeVisible();
  await a.screenshot({ path: test.info().outputPath('referrals-converted-375.png'), fullPage: true });
  await a.setViewportSize({ width: 1280, height: 900 });
  found.push(...(await problems(a, 'referrals (desktop)')));
  await a.screenshot({ path: test.info().outputPath('referrals-desktop.png'), fullPage: true });
  expect(found, found.join('\n')).toEqual([]);
  await aContext.close();
  await bContext.close();
});
