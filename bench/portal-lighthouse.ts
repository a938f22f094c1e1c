import { rmSync } from 'node:fs';
import { AdminSetUserPasswordCommand } from '@aws-sdk/client-cognito-identity-provider';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { type LocalRuntime, startLocalRuntime } from '../infra/local/runtime.js';
import { cognitoClient, randomPassword } from '../infra/local/users.js';
import { CHROME_FLAGS, CHROME_PATH } from './lighthouse.js';
import { shiftPorts } from './ports.js';
import { buildWebOnce } from './web-sizes.js';

/**
 * Lighthouse on the signed-in portal (`BENCH_ONLY=client-portal`): a client's screens on a phone
 * (Lighthouse's mobile defaults: slow 4G, 4x CPU, simulated) and the trainer's screens at a desk (its
 * desktop config), each cold (the HTTP cache cleared, only the sign-in kept) and warm (the screen opened
 * once before). Issue 36 asks the client's screens for performance >= 95, TBT <= 200 ms, LCP <= 2.0 s,
 * CLS <= 0.02; issue 38 asks the trainer's for performance >= 90. One run per screen and state: a row is
 * what one run saw, at the benchmarkIndex it reports (the bars mean something at >= 1,200).
 *
 * The browser is signed in once through /login (Playwright over the DevTools protocol, so Amplify keeps
 * its tokens in the profile's storage) and Lighthouse runs with `disableStorageReset`, so it audits the
 * signed-in screen instead of the sign-in page.
 */

export const CLIENT_BARS = { performance: 95, tbtMs: 200, lcpMs: 2000, cls: 0.02 } as const;
export const TRAINER_BARS = { performance: 90 } as const;

/** The screens each side opens; a `{client}` or `{dog}` segment is the seeded client's or dog's id. */
const CLIENT_SCREENS = [
  '/dashboard',
  '/sessions',
  '/messages',
  '/payment',
  '/referrals',
  '/dogs/{dog}',
  '/dashboard/classes',
  '/dashboard/settings',
];
const TRAINER_SCREENS = [
  '/dashboard',
  '/dashboard/sessions',
  '/dashboard/sessions/create',
  '/dashboard/clients',
  '/dashboard/clients/{client}',
  '/dashboard/messages',
  '/dashboard/messages/compose',
  '/admin/templates',
  '/dashboard/contact-submissions',
  '/dashboard/payments',
  '/dashboard/discounts',
  '/dashboard/vaccinations',
  '/dashboard/classes',
  '/dashboard/analytics',
  '/dashboard/website-config',
  '/dashboard/settings',
];

const withIds = (path: string, ids: { client: string; dog: string }) =>
  path.replace('{client}', ids.client).replace('{dog}', ids.dog);

export interface PortalLighthouseRow {
  who: 'client' | 'trainer';
  path: string;
  state: 'cold' | 'warm';
  performance: number | null;
  tbtMs: number | null;
  lcpMs: number | null;
  cls: number | null;
  benchmarkIndex: number | null;
  meetsBars: boolean;
  /** Where the screen ended (a redirect to /login or /onboarding means the row measured the wrong page). */
  finalUrl: string;
}

const metric = (lhr: Result, id: string) => {
  const v = lhr.audits[id]?.numericValue;
  return typeof v === 'number' ? Math.round(v * 1000) / 1000 : null;
};

function rowOf(who: 'client' | 'trainer', path: string, state: 'cold' | 'warm', lhr: Result): PortalLighthouseRow {
  const score = lhr.categories.performance?.score;
  const performance = typeof score === 'number' ? Math.round(score * 100) : null;
  const row = {
    who,
    path,
    state,
    performance,
    tbtMs: metric(lhr, 'total-blocking-time'),
    lcpMs: metric(lhr, 'largest-contentful-paint'),
    cls: metric(lhr, 'cumulative-layout-shift'),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
    finalUrl: lhr.finalDisplayedUrl,
  };
  const meetsBars =
    who === 'client'
      ? (performance ?? 0) >= CLIENT_BARS.performance &&
        (row.tbtMs ?? Infinity) <= CLIENT_BARS.tbtMs &&
        (row.lcpMs ?? Infinity) <= CLIENT_BARS.lcpMs &&
        (row.cls ?? Infinity) <= CLIENT_BARS.cls
      : (performance ?? 0) >= TRAINER_BARS.performance;
  return { ...row, meetsBars };
}

/** A client of the trainer with a password, onboarded, with a dog, a session and a message. */
async function seedClient(
  rt: LocalRuntime,
): Promise<{ email: string; password: string; clientId: string; dogId: string }> {
  const site = rt.urls.site;
  const admin = await rt.signIn(rt.admin?.email ?? '', rt.admin?.password ?? '');
  const call = async (token: string, method: string, path: string, body: unknown) => {
    const res = await fetch(`${site}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return res.json() as Promise<Record<string, { id: string }>>;
  };
  const email = 'lighthouse.client@example.com';
  const person = { firstName: 'Casey', lastName: 'Client', email, phone: '941-555-0177' };
  const { client } = await call(admin.idToken, 'POST', '/api/clients', person);
  const { dog } = await call(admin.idToken, 'POST', `/api/clients/${client.id}/dogs`, {
    name: 'Maple',
    breed: 'Beagle',
    birthDate: '2022-05-01',
    sex: 'female',
  });
  const password = randomPassword();
  const cognito = cognitoClient(rt.urls.cognito);
  try {
    await cognito.send(
      new AdminSetUserPasswordCommand({
        UserPoolId: rt.userPool.id,
        Username: email,
        Password: password,
        Permanent: true,
      }),
    );
  } finally {
    cognito.destroy();
  }
  const own = await rt.signIn(email, password);
  await call(own.idToken, 'POST', '/api/me/onboarding/complete', {
    data: {
      personalInfo: { ...person, address: '1 Main St', emergencyContact: 'Sam Client', emergencyPhone: '941-555-0199' },
      dogInfo: { dogs: [] },
      trainingInfo: { previousTraining: '', trainingGoals: '', specificIssues: '', howHeardAboutUs: '' },
    },
  });
  const soon = new Date(Date.now() + 3 * 86_400_000);
  soon.setUTCHours(15, 0, 0, 0);
  await call(admin.idToken, 'POST', '/api/sessions', {
    clientId: client.id,
    dogId: dog.id,
    scheduledAt: soon.toISOString(),
    allowOverlap: true,
  });
  await call(admin.idToken, 'POST', '/api/messages', {
    recipientIds: [client.id],
    subject: 'Week 1',
    content: '# Week 1\n\n- sit\n- stay',
  });
  await rt.bus.idle();
  return { email, password, clientId: client.id as string, dogId: dog.id as string };
}

/** Audits `paths` signed in as `email` in one Chromium, cold then warm each. */
async function auditAs(
  site: string,
  who: 'client' | 'trainer',
  email: string,
  password: string,
  paths: readonly string[],
  ids: { client: string; dog: string },
  log: (m: string) => void,
): Promise<PortalLighthouseRow[]> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  const rows: PortalLighthouseRow[] = [];
  try {
    const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await page.goto(`${site}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: /sign in/i }).click();
    await page.waitForURL(/\/dashboard/);
    const cdp = await context.newCDPSession(page);
    const flags: Flags = { port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: true };
    const config = who === 'trainer' ? desktopConfig : undefined;
    for (const path of paths) {
      const url = `${site}${withIds(path, ids)}`;
      for (const state of ['cold', 'warm'] as const) {
        // Cold: nothing in the HTTP cache (the tokens in storage stay). Warm: the screen was open once.
        if (state === 'cold') await cdp.send('Network.clearBrowserCache');
        else await page.goto(url, { waitUntil: 'networkidle' });
        const r = await lighthouse(url, { ...flags, onlyCategories: ['performance'] }, config);
        if (!r) throw new Error(`Lighthouse returned no result for ${path}`);
        const row = rowOf(who, path, state, r.lhr);
        log(`${who} ${path} ${state}: ${row.performance} (TBT ${row.tbtMs} ms, LCP ${row.lcpMs} ms, CLS ${row.cls})`);
        rows.push(row);
      }
    }
    await browser.close();
  } finally {
    chrome.kill();
  }
  return rows;
}

export async function portalLighthouse(log: (m: string) => void = console.log) {
  buildWebOnce();
  const dataDir = '.test-local/bench-portal-lighthouse';
  rmSync(dataDir, { recursive: true, force: true });
  const rt = await startLocalRuntime({
    dataDir,
    quiet: true,
    webDist: 'web/dist',
    ports: shiftPorts({
      site: 3340,
      ws: 3341,
      dynamodb: 8340,
      cognito: 9569,
      s3: 4909,
      ses: 8345,
      stripe: 12345,
      push: 7245,
    }),
  });
  try {
    const client = await seedClient(rt);
    const ids = { client: client.clientId, dog: client.dogId };
    const rows = [
      ...(await auditAs(rt.urls.site, 'client', client.email, client.password, CLIENT_SCREENS, ids, log)),
      ...(await auditAs(
        rt.urls.site,
        'trainer',
        rt.admin?.email ?? '',
        rt.admin?.password ?? '',
        TRAINER_SCREENS,
        ids,
        log,
      )),
    ];
    return { measuredAt: new Date().toISOString(), clientBars: CLIENT_BARS, trainerBars: TRAINER_BARS, rows };
  } finally {
    await rt.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export type PortalLighthouse = Awaited<ReturnType<typeof portalLighthouse>>;

/** The bench README's section of this part. */
export function portalLighthouseMarkdown(p: PortalLighthouse | undefined): string[] {
  if (!p) return [];
  const ms = (v: number | null) => (v === null ? '-' : `${Math.round(v)} ms`);
  const row = (r: PortalLighthouseRow) =>
    `| ${r.who} | ${r.path} | ${r.state} | ${r.performance ?? '-'} | ${ms(r.tbtMs)} | ${ms(r.lcpMs)} | ${r.cls ?? '-'} | ${r.benchmarkIndex ?? '-'} | ${r.meetsBars ? 'met' : 'not met'} |`;
  return [
    `## Lighthouse on the signed-in portal (one run each, ${p.measuredAt})`,
    '',
    "`BENCH_ONLY=client-portal` (bench/portal-lighthouse.ts). A client's screens with Lighthouse's mobile defaults",
    `(bars: performance >= ${p.clientBars.performance}, TBT <= ${p.clientBars.tbtMs} ms, LCP <= ${p.clientBars.lcpMs} ms, CLS <= ${p.clientBars.cls});`,
    `the trainer's with its desktop config (bar: performance >= ${p.trainerBars.performance}). Cold: the HTTP cache cleared, the`,
    'sign-in kept; warm: the screen opened once before. The bars are meant at a benchmarkIndex >= 1,200.',
    '',
    '| who | screen | state | performance | TBT | LCP | CLS | benchmarkIndex | bars |',
    '|---|---|---|---|---|---|---|---|---|',
    ...p.rows.map(row),
    '',
  ];
}
