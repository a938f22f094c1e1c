/**
 * Every list of the trainer fits a 1280 px window (Portal conventions: layout): no table scrolls sideways
 * and no cell breaks a word in two ("Profile incomple / te", "2 / 026"), on lists filled with long names,
 * e-mails, breeds and every status. A request is converted with a visible button of its row. Each
 * list is kept as a screenshot in test-results/trainer-lists/.
 */
import { expect, type Page, test } from '@playwright/test';
import { store } from '../../shared/db/service.js';
import { createContactSubmission } from '../../shared/domain/contact-submissions.js';
import { startCheckout } from '../../shared/domain/payments.js';
import { addDog, bearer, createClient, signedInTrainer } from './helpers';

const VIEWPORT = { width: 1280, height: 900 };
const DAY = 24 * 60 * 60_000;

/** Everything the lists show, with the longest values a trainer meets. */
async function seed(page: Page) {
  const headers = await bearer(page);
  const tag = Date.now().toString(36);
  const statuses = ['new', 'contacted', 'converted', 'removed'] as const;
  for (const [i, status] of statuses.entries()) {
    const s = await createContactSubmission({
      firstName: 'Maximiliana',
      lastName: `Fitzgerald-Worthington${i}`,
      email: `maximiliana.fitzgerald-worthington.${tag}${i}@example-veterinary.com`,
      phone: '(941) 555-0100',
      program: 'advancedTraining',
      message: 'Reactive on leash around other dogs and bicycles.',
      dogName: 'Bartholomew',
      dogBreed: 'Nova Scotia Duck Tolling Retriever',
      dogSex: 'male',
      dogBirthDate: '2022-12-31',
    });
    if (status !== 'new') {
      await store().entities.contactSubmission.patch({ id: s.id }).set({ status }).go();
    }
  }

  const clientId = await createClient(page, {
    firstName: 'Bartholomew-Alexander',
    lastName: `Montgomery-Huntington${tag}`,
    email: `bartholomew.montgomery-huntington.${tag}@example-veterinary.com`,
    phone: '(941) 555-0133',
  });
  const dogId = await addDog(page, clientId, {
    name: 'Wilhelmina',
    breed: 'Nova Scotia Duck Tolling Retriever',
    birthDate: '2021-02-28',
    sex: 'female',
  });
  // A one-word name as long as the suite's own tagged dogs ("Cometmwzcry9z"): the Dog column cannot wrap it.
  const longNamed = await addDog(page, clientId, {
    name: `Wolfgang${tag}`,
    breed: 'Bernese Mountain Dog',
    birthDate: '2019-05-05',
    sex: 'male',
  });
  await addDog(page, clientId, {
    name: 'Sir Reginald',
    breed: 'Cavalier King Charles Spaniel',
    birthDate: '2020-01-01',
    sex: 'male',
  });

  const soon = new Date(Date.now() + 2 * DAY);
  soon.setUTCHours(15, 0, 0, 0);
  for (const [i, at] of [soon.getTime(), soon.getTime() + DAY, soon.getTime() + 8 * DAY].entries()) {
    const res = await page.request.post('/api/sessions', {
      headers,
      data: {
        clientId,
        dogId: i === 2 ? longNamed : dogId,
        scheduledAt: new Date(at).toISOString(),
        allowOverlap: true,
        durationMinutes: 90,
        sessionType: i === 1 ? 'follow_up' : 'training',
        notes: 'Meet at Lakewood Ranch Community Park, Pavilion 3',
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  for (const scheduledFor of [undefined, new Date(Date.now() + 5 * DAY).toISOString()]) {
    const res = await page.request.post('/api/messages', {
      headers,
      data: {
        recipientIds: [clientId],
        subject: 'Homework for this week: loose-leash walking around distractions',
        content: 'Practise **heel** for ten minutes twice a day.',
        messageType: 'homework',
        ...(scheduledFor ? { scheduledFor } : {}),
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  const template = await page.request.post('/api/templates', {
    headers,
    data: {
      name: 'Weekly homework reminder for reactive dogs',
      subject: 'Your homework for {client_name} this week',
      content: 'Keep sessions short and end on a win.',
    },
  });
  expect(template.status(), await template.text()).toBe(201);

  for (const [i, data] of [
    { code: `SPRINGSPECIAL${tag}`.toUpperCase().slice(0, 20), discountType: 'percentage', discountValue: 15 },
    {
      code: `WELCOMEBACK${tag}`.toUpperCase().slice(0, 20),
      discountType: 'fixed_amount',
      discountValue: 125.5,
      usageLimit: 100,
      expiresAt: new Date(Date.now() + 60 * DAY).toISOString(),
    },
  ].entries()) {
    const res = await page.request.post('/api/discount-codes', { headers, data });
    expect(res.status(), `${i}: ${await res.text()}`).toBe(201);
  }

  for (const serviceType of ['single_session', 'package_8'] as const) {
    await startCheckout(clientId, { serviceType }, { origin: process.env.E2E_BASE_URL as string });
  }

  const start = new Date(Date.now() + 4 * DAY);
  start.setUTCHours(14, 0, 0, 0);
  await store()
    .entities.booking.create({
      clientId,
      clientName: `Bartholomew-Alexander Montgomery-Huntington${tag}`,
      dogId,
      dogName: 'Wilhelmina',
      sessionType: 'training',
      scheduledAt: start.toISOString(),
      durationMinutes: 60,
      endsAt: new Date(start.getTime() + 60 * 60_000).toISOString(),
      status: 'pending',
      slotCells: [],
      note: 'Mornings suit us best; Wilhelmina is calmer before breakfast.',
    })
    .go();
}

/** A list screen and how to show all of it. */
const LISTS: { name: string; path: string; ready: (page: Page) => Promise<void> }[] = [
  { name: 'contact-submissions', path: '/dashboard/contact-submissions', ready: async () => undefined },
  {
    name: 'contact-submissions-removed',
    path: '/dashboard/contact-submissions',
    ready: async (page) => {
      await page.getByRole('button', { name: /^Removed/ }).click();
    },
  },
  // The dashboard's agenda: the sessions of the next days (two of the seeded ones), a table per day.
  { name: 'dashboard', path: '/dashboard', ready: async () => undefined },
  { name: 'clients', path: '/dashboard/clients', ready: async () => undefined },
  {
    name: 'clients-incomplete',
    path: '/dashboard/clients',
    ready: async (page) => {
      await page.getByRole('button', { name: /^Incomplete/ }).click();
    },
  },
  { name: 'sessions', path: '/dashboard/sessions', ready: async () => undefined },
  { name: 'messages', path: '/dashboard/messages', ready: async () => undefined },
  { name: 'payments', path: '/dashboard/payments', ready: async () => undefined },
  { name: 'discounts', path: '/dashboard/discounts', ready: async () => undefined },
  { name: 'templates', path: '/admin/templates', ready: async () => undefined },
  {
    name: 'vaccinations-missing',
    path: '/dashboard/vaccinations',
    ready: async (page) => {
      await page.getByText('Missing', { exact: true }).click();
    },
  },
];

/**
 * What does not fit: an element of the page that scrolls sideways (a table's wrapper among them), and
 * every word of a table cell drawn on two lines.
 */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    if (document.documentElement.scrollWidth > window.innerWidth + 1) {
      found.push(`the page is ${document.documentElement.scrollWidth - window.innerWidth}px wider than the window`);
    }
    for (const el of document.querySelectorAll<HTMLElement>('main *')) {
      const { overflowX } = getComputedStyle(el);
      if ((overflowX === 'auto' || overflowX === 'scroll') && el.scrollWidth > el.clientWidth + 1) {
        const label = el.closest('[aria-label]')?.getAttribute('aria-label') ?? el.className.slice(0, 60);
        found.push(`${label}: scrolls sideways by ${el.scrollWidth - el.clientWidth}px`);
      }
    }
    const cells = document.querySelectorAll('main table td, main table th');
    for (const cell of cells) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        // A word is what lies between spaces and after a hyphen: a line may end after "Follow-".
        for (const m of text.matchAll(/[^\s-]+-?/g)) {
          const range = document.createRange();
          range.setStart(node, m.index);
          range.setEnd(node, m.index + m[0].length);
          const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
          if (tops.size > 1) found.push(`"${m[0]}" breaks inside the word`);
        }
      }
    }
    return [...new Set(found)];
  });
}

test('every trainer list fits 1280 px: no sideways scrolling, no word broken in two', async ({ browser }) => {
  test.setTimeout(240_000);
  const { context, page } = await signedInTrainer(browser, VIEWPORT);
  await seed(page);
  const found: string[] = [];
  for (const list of LISTS) {
    await page.goto(list.path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.waitForLoadState('networkidle');
    await list.ready(page);
    await page.waitForLoadState('networkidle');
    await expect(page.locator('main table tbody tr').first()).toBeVisible();
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    await page.screenshot({ path: `test-results/trainer-lists/${list.name}.png`, fullPage: true });
    for (const problem of await layoutProblems(page)) found.push(`${list.name}: ${problem}`);
  }
  expect(found, found.join('\n')).toEqual([]);
  await context.close();
});

test('a contact request is converted with a visible button of its row, not only a status option', async ({
  browser,
}) => {
  const tag = Date.now().toString(36);
  await createContactSubmission({
    firstName: 'Constance',
    lastName: `Convertible${tag}`,
    email: `constance.${tag}@example.com`,
    phone: '(941) 555-0101',
    program: 'puppyFoundations',
    message: 'New puppy.',
    dogName: 'Pip',
    dogBreed: 'Beagle',
    dogSex: 'female',
    dogBirthDate: '2025-06-01',
  });
  const { context, page } = await signedInTrainer(browser, VIEWPORT);
  await page.goto('/dashboard/contact-submissions');
  const row = page.getByRole('row').filter({ hasText: `Convertible${tag}` });
  const convert = row.getByRole('button', { name: /^Convert/ });
  await expect(convert).toBeVisible();
  await expect(convert).toBeInViewport({ ratio: 1 });
  await context.close();
});
