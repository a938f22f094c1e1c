import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { handler } from '../../functions/events/render-public-pages.js';
import { lambdaContext } from '../../infra/local/handlers.js';
import { setInvalidationTransport } from '../../shared/adapters/cdn.js';
import { setSiteStore } from '../../shared/adapters/site.js';
import { CLASS_SEATS_CACHE_CONTROL, type ClassSeats } from '../../shared/contracts/public-classes.js';
import { store } from '../../shared/db/service.js';
import { createClass, publishClass, updateClass } from '../../shared/domain/classes.js';
import { createDog } from '../../shared/domain/dogs.js';
import { cancelEnrolment, deleteClass, enrol } from '../../shared/domain/enrolments.js';
import { createProfile } from '../../shared/domain/profiles.js';
import { getRenderStatus } from '../../shared/domain/website-render.js';
import { api, busIdle } from '../support/api.js';
import { type MemorySite, memorySite } from '../support/site-kit.js';
import { classBody } from './matrix/classes.js';

/**
 * The public class pages (functions/events/render-public-pages.ts, section `classes`): publishing a class
 * renders its page and lists it on /classes with its seats, a seat taken renders the figure again (and
 * GET /api/public/classes/seats has it at once), a draft is never rendered, a deleted class's page goes.
 * Each write raises the render through the outbox (shared/domain/class-pages.ts): the runtime's render,
 * which has no site build here, records its attempt; the pages are rendered here into a site in memory.
 */
let site: MemorySite;
const invalidated: string[][] = [];

const renderClasses = (classId: string) =>
  handler(
    {
      id: randomUUID(),
      'detail-type': 'WebsiteContentChanged',
      source: 'test',
      detail: { section: 'classes', classId },
    },
    lambdaContext('events/render-public-pages'),
  );
const page = (file: string) => site.files.get(file) ?? '';
/** The runtime's render of the classes was attempted after `since` (the write raised it). */
async function renderRaisedSince(since: string) {
  await busIdle();
  const status = await getRenderStatus('classes');
  return (status.failedAt ?? status.liveAt ?? '') >= since;
}

async function newClient() {
  const p = await createProfile({
    userId: randomUUID(),
    role: 'client',
    firstName: 'Private',
    lastName: 'Owner',
    email: `class-page-${randomUUID().slice(0, 8)}@pawsitive.test`,
    profileCompleted: true,
  });
  const dog = await createDog(p.id, {
    name: 'Secretdog',
    breed: 'Mix',
    birthDate: '2024-01-01',
    sex: 'male',
  } as Parameters<typeof createDog>[1]);
  await store().entities.sessionCredits.update({ profileId: p.id }).add({ balance: 4 }).go();
  return { profile: p, dog };
}

beforeAll(() => {
  setInvalidationTransport(async (paths) => {
    invalidated.push([...paths]);
  });
  site = memorySite();
  setSiteStore(site);
});
afterAll(() => {
  setSiteStore(undefined);
  setInvalidationTransport(undefined);
});

describe('the public class pages', () => {
  it('renders a class once published, with its seats, and renders the figure again when a seat is taken', async () => {
    const tag = randomUUID().slice(0, 8);
    const body = {
      ...classBody(),
      title: `Puppy Class ${tag}`,
      description: 'Six weeks of **puppy** manners.\n\n<script>alert(1)</script>',
      capacity: 2,
      program: 'puppy-foundation',
    };
    const draft = await createClass(body as Parameters<typeof createClass>[0]);
    const file = `classes/${draft.id}/index.html`;

    // A draft is never rendered (nor is a change to it).
    await updateClass(draft.id, { ...body, capacity: 3 } as Parameters<typeof updateClass>[1]);
    await renderClasses(draft.id);
    expect(site.files.has(file)).toBe(false);
    expect(page('classes/index.html')).not.toContain(tag);
    const seatsOfDraft = (await api('GET', '/api/public/classes/seats')).body as ClassSeats;
    expect(seatsOfDraft.seats.map((s) => s.id)).not.toContain(draft.id);
    await updateClass(draft.id, body as Parameters<typeof updateClass>[1]);

    const published = new Date().toISOString();
    await publishClass(draft.id);
    expect(await renderRaisedSince(published)).toBe(true);
    await renderClasses(draft.id);
    const html = page(file);
    expect(html).toContain(`Puppy Class ${tag}`);
    expect(html).toContain('2 seats left');
    expect(html).toContain('<strong>puppy</strong>');
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain(`href="/dashboard/classes#class-${draft.id}"`);
    expect(html).toContain('Training barn');
    expect(html).toMatch(/\d{1,2}:\d{2} [AP]M – \d{1,2}:\d{2} [AP]M E[DS]T/);
    const list = page('classes/index.html');
    expect(list).toContain(`Puppy Class ${tag}`);
    expect(list).toContain(`data-class-seats="${draft.id}">2 seats left`);
    // The program's card leads to its classes.
    expect(page('programs/index.html')).toContain('href="/classes#program-puppy-foundation"');
    expect(site.routed.get(`/classes/${draft.id}`)).toBe('page');
    expect(invalidated.flat()).toEqual(expect.arrayContaining([`/${file}`, '/classes/index.html']));

    // A seat taken: the outbox raises the render, the page and the list say 1 seat left, the seats route too.
    const { profile, dog } = await newClient();
    const enrolled = new Date().toISOString();
    const { enrolment } = await enrol(profile, draft.id, dog.id);
    expect(await renderRaisedSince(enrolled)).toBe(true);
    site.clearLog();
    await renderClasses(draft.id);
    expect(page(file)).toContain('1 seat left');
    expect(page('classes/index.html')).toContain(`data-class-seats="${draft.id}">1 seat left`);
    // Only this class's page among the class pages was rendered again.
    expect(site.writes.filter((k) => k.startsWith('classes/') && k !== 'classes/index.html')).toEqual([file]);
    const seats = await api('GET', '/api/public/classes/seats');
    expect(seats.status).toBe(200);
    expect(seats.headers.get('cache-control')).toBe(CLASS_SEATS_CACHE_CONTROL);
    expect((seats.body as ClassSeats).seats.find((s) => s.id === draft.id)).toEqual({ id: draft.id, seatsLeft: 1 });
    // Nothing private on the public pages or the public route.
    for (const text of [page(file), page('classes/index.html'), JSON.stringify(seats.body)]) {
      expect(text).not.toContain('Secretdog');
      expect(text).not.toContain('Private Owner');
      expect(text).not.toContain(profile.id);
    }

    // Full, then a seat given back.
    const other = await newClient();
    await enrol(other.profile, draft.id, other.dog.id);
    await renderClasses(draft.id);
    expect(page(file)).toContain('Full — join the waitlist');
    const cancelled = new Date().toISOString();
    await cancelEnrolment({ role: 'admin', id: profile.id }, enrolment.id);
    expect(await renderRaisedSince(cancelled)).toBe(true);
    await renderClasses(draft.id);
    expect(page(file)).toContain('1 seat left');

    // Deleted: its page goes, the list and the router forget it.
    const deleted = new Date().toISOString();
    await deleteClass(draft.id);
    expect(await renderRaisedSince(deleted)).toBe(true);
    await renderClasses(draft.id);
    expect(site.files.has(file)).toBe(false);
    expect(page('classes/index.html')).not.toContain(tag);
    expect(site.routed.get(`/classes/${draft.id}`)).toBe('gone');
  });

  it('keeps the program card unchanged for a program with no upcoming class', async () => {
    await renderClasses('none');
    const programs = page('programs/index.html');
    expect(programs).toContain('aria-label="Enroll Now in Advanced Training"');
  });
});
