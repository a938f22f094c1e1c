import { randomUUID } from 'node:crypto';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { handler as resortDue } from '../../functions/events/resort-vaccinations-due.js';
import { handler as sendReminder } from '../../functions/events/send-vaccination-reminder.js';
import { backfillDogVaccinations } from '../../infra/local/backfill.js';
import { lambdaContext } from '../../infra/local/handlers.js';
import { readObjectStart } from '../../shared/adapters/storage.js';
import { addDays } from '../../shared/contracts/vaccination-options.js';
import { db } from '../../shared/db/client.js';
import { store } from '../../shared/db/service.js';
import { businessDate } from '../../shared/domain/business-time.js';
import { listClientItems } from '../../shared/domain/cascades.js';
import { createDog, type DogItem, findDog } from '../../shared/domain/dogs.js';
import { getProfileById } from '../../shared/domain/profiles.js';
import { resetBusinessSettings } from '../../shared/domain/settings.js';
import { vaccinationReminderTime } from '../../shared/domain/vaccination-reminders.js';
import { api, busIdle, createTestUser, type TestUser } from '../support/api.js';
import { PNG_1X1 } from './matrix/dogs-and-notes.js';

/**
 * Vaccination records end to end on the local runtime: a client keeps their own dogs' records and
 * certificates (checked by magic bytes), another client sees nothing of them, the trainer verifies a
 * record (an update clears it) and finds the dog on the expiring and missing lists, each record has its
 * 30- and 7-day reminder schedules (moved with the expiry, removed with the record, the dog or the
 * client), and the reminder is a message once per expiry.
 */

const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const TZ = 'America/New_York';
let admin: TestUser;
let alice: TestUser;
let bob: TestUser;
let rex: DogItem;

const today = () => businessDate(new Date(), TZ);
const as = (u: TestUser) => ({
  get: (path: string) => api('GET', path, { token: u.idToken }),
  post: (path: string, body?: unknown) => api('POST', path, { token: u.idToken, body }),
  put: (path: string, body: unknown) => api('PUT', path, { token: u.idToken, body }),
  patch: (path: string, body: unknown) => api('PATCH', path, { token: u.idToken, body }),
  del: (path: string) => api('DELETE', path, { token: u.idToken }),
});

async function uploadCertificate(user: TestUser, data: Buffer, contentType = 'application/pdf'): Promise<string> {
  const res = await as(user).post('/api/uploads/certificate', { contentType, size: data.length });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const form = new FormData();
  for (const [k, v] of Object.entries(res.body.fields as Record<string, string>)) form.append(k, v);
  form.append('file', new Blob([new Uint8Array(data)], { type: contentType }), 'certificate');
  const up = await fetch(res.body.url, { method: 'POST', body: form });
  expect(up.ok).toBe(true);
  return res.body.key as string;
}

const record = (over: Record<string, unknown> = {}) => ({
  vaccine: 'rabies',
  givenOn: addDays(today(), -345),
  expiresOn: addDays(today(), 20),
  clinic: 'Lakewood Ranch Animal Hospital',
  ...over,
});

const schedules = async () =>
  (
    (await (await fetch(`${inject('urls').site}/__local/schedules`)).json()) as {
      items: { name: string; at: string; detail: Record<string, unknown> }[];
    }
  ).items;

/** Every page of a due list (the test table holds other tests' dogs too). */
async function dueList(filter: 'expiring' | 'missing') {
  const items: { dogId: string; gaps: { vaccine: string; state: string }[]; clientName: string }[] = [];
  let cursor: string | null = null;
  do {
    const q: string = `/api/vaccinations/due?filter=${filter}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`;
    const res = await as(admin).get(q);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    items.push(...res.body.items);
    cursor = res.body.cursor;
  } while (cursor);
  return items;
}

beforeAll(async () => {
  await resetBusinessSettings();
  [admin, alice, bob] = await Promise.all([
    createTestUser('admin'),
    createTestUser('client', { firstName: 'Alice', lastName: 'Vacc' }),
    createTestUser('client'),
  ]);
  rex = await createDog(alice.profileId, { name: 'Rex', breed: 'Boxer', birthDate: '2020-02-02' });
});

afterAll(async () => {
  await resetBusinessSettings();
});

describe('vaccination records', () => {
  it('a client adds a record with a PDF certificate; the other client sees nothing of it; the trainer verifies it', async () => {
    const key = await uploadCertificate(alice, PDF);
    const created = await as(alice).post(`/api/dogs/${rex.id}/vaccinations`, record({ certificateKey: key }));
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const r = created.body.record;
    expect(r).toMatchObject({ vaccine: 'rabies', hasCertificate: true, certificateContentType: 'application/pdf' });
    expect(JSON.stringify(created.body)).not.toContain(key);

    const mine = await as(alice).get(`/api/dogs/${rex.id}/vaccinations`);
    expect(mine.body.items.map((x: { id: string }) => x.id)).toEqual([r.id]);
    expect(mine.body.required).toEqual(['rabies', 'dhpp', 'bordetella']);

    // Bob: the dog, the record and the certificate are as if they did not exist.
    expect((await as(bob).get(`/api/dogs/${rex.id}/vaccinations`)).status).toBe(404);
    expect((await as(bob).get(`/api/vaccinations/${r.id}/certificate`)).status).toBe(404);
    expect((await as(bob).put(`/api/vaccinations/${r.id}`, record())).status).toBe(404);
    expect((await as(bob).del(`/api/vaccinations/${r.id}`)).status).toBe(404);
    expect((await as(bob).post(`/api/dogs/${rex.id}/vaccinations`, record())).status).toBe(404);
    // Bob cannot attach Alice's certificate to a record of his own dog either.
    const bobsDog = await createDog(bob.profileId, { name: 'Pip', breed: 'Pug', birthDate: '2021-01-01' });
    const stolen = await as(bob).post(`/api/dogs/${bobsDog.id}/vaccinations`, record({ certificateKey: key }));
    expect(stolen.status).toBe(403);

    // The owner and the trainer get a short-lived link that serves the PDF.
    for (const u of [alice, admin]) {
      const link = await as(u).get(`/api/vaccinations/${r.id}/certificate`);
      expect(link.status).toBe(200);
      expect(link.body.url).toMatch(/X-Amz-Expires=300/);
      const file = await fetch(link.body.url);
      expect(
        Buffer.from(await file.arrayBuffer())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    }

    // Only the trainer verifies; verified by whom and when.
    expect((await as(alice).post(`/api/vaccinations/${r.id}/verify`)).status).toBe(403);
    const verified = await as(admin).post(`/api/vaccinations/${r.id}/verify`);
    expect(verified.status).toBe(200);
    expect(verified.body.record.verifiedBy.id).toBe(admin.profileId);
    expect(Date.parse(verified.body.record.verifiedAt)).toBeGreaterThan(Date.now() - 60_000);
    const seen = await as(admin).get(`/api/dogs/${rex.id}/vaccinations`);
    expect(seen.body.items[0].verifiedBy.id).toBe(admin.profileId);

    // The client's update clears the verification and keeps the certificate.
    const updated = await as(alice).put(`/api/vaccinations/${r.id}`, record({ clinic: 'Another Clinic' }));
    expect(updated.status).toBe(200);
    expect(updated.body.record.verifiedBy).toBeUndefined();
    expect(updated.body.record.hasCertificate).toBe(true);
  });

  it('refuses a certificate that is not a PDF or an image, whatever it was declared as', async () => {
    const key = await uploadCertificate(alice, Buffer.from('MZ this is an executable'), 'application/pdf');
    const res = await as(alice).post(`/api/dogs/${rex.id}/vaccinations`, record({ certificateKey: key }));
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe('Please select a PDF or an image file (JPG, PNG or WebP)');
    expect(await readObjectStart(key)).toBeUndefined();
    const png = await uploadCertificate(alice, PNG_1X1, 'image/png');
    const ok = await as(alice).post(
      `/api/dogs/${rex.id}/vaccinations`,
      record({ vaccine: 'dhpp', certificateKey: png }),
    );
    expect(ok.status).toBe(201);
    expect(ok.body.record.certificateContentType).toBe('image/png');
    await as(alice).del(`/api/vaccinations/${ok.body.record.id}`);
  });

  it('checks the dates: expiry after the date given, given not in the future', async () => {
    const backwards = await as(alice).post(
      `/api/dogs/${rex.id}/vaccinations`,
      record({ givenOn: today(), expiresOn: addDays(today(), -1) }),
    );
    expect(backwards.status).toBe(400);
    expect(backwards.body.error.fields.expiresOn).toEqual(['Expiry date must be after the date given']);
    const future = await as(alice).post(
      `/api/dogs/${rex.id}/vaccinations`,
      record({ givenOn: addDays(today(), 3), expiresOn: addDays(today(), 400) }),
    );
    expect(future.status).toBe(400);
    expect(future.body.error.fields.givenOn).toEqual(['Date given cannot be in the future']);
  });

  it('lists the dog as expiring (rabies in 20 days) and as missing (DHPP, bordetella), not once complete', async () => {
    const expiring = await dueList('expiring');
    const entry = expiring.find((d) => d.dogId === rex.id);
    expect(entry?.clientName).toBe('Alice Vacc');
    expect(entry?.gaps).toEqual([
      { vaccine: 'rabies', state: 'expiring', expiresOn: addDays(today(), 20) },
      { vaccine: 'dhpp', state: 'missing' },
      { vaccine: 'bordetella', state: 'missing' },
    ]);
    expect((await dueList('missing')).some((d) => d.dogId === rex.id)).toBe(true);

    // A dog with every required vaccination for a year is on neither list.
    const done = await createDog(alice.profileId, { name: 'Done', breed: 'Lab', birthDate: '2020-01-01' });
    for (const vaccine of ['rabies', 'dhpp', 'bordetella']) {
      const res = await as(alice).post(
        `/api/dogs/${done.id}/vaccinations`,
        record({ vaccine, expiresOn: addDays(today(), 365) }),
      );
      expect(res.status).toBe(201);
    }
    expect((await dueList('expiring')).some((d) => d.dogId === done.id)).toBe(false);
    expect((await dueList('missing')).some((d) => d.dogId === done.id)).toBe(false);

    // Requiring only rabies (Settings → Business) re-sorts the dogs: Rex is no longer missing anything.
    const settings = (await as(admin).get('/api/settings/business')).body.settings;
    const saved = await as(admin).put('/api/settings/business', { ...settings, requiredVaccines: ['rabies'] });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    await busIdle();
    expect((await findDog(rex.id)) as unknown).toMatchObject({ vaccinationMissing: 'complete' });
    expect((await dueList('missing')).some((d) => d.dogId === rex.id)).toBe(false);
    expect((await dueList('expiring')).find((d) => d.dogId === rex.id)?.gaps).toEqual([
      { vaccine: 'rabies', state: 'expiring', expiresOn: addDays(today(), 20) },
    ]);

    // An event of an older choice (a burst of saves) does not re-sort; the saved choice's event does.
    await store().entities.dog.patch({ id: rex.id }).set({ vaccinationMissing: 'missing' }).go();
    const resort = (requiredVaccines: string[]) =>
      resortDue(
        {
          id: randomUUID(),
          'detail-type': 'VaccinationRequirementsChanged',
          source: 'test',
          detail: { requiredVaccines },
        } as never,
        lambdaContext('events/resort-vaccinations-due'),
      );
    await resort(['rabies', 'dhpp']);
    expect((await findDog(rex.id)) as unknown).toMatchObject({ vaccinationMissing: 'missing' });
    await resort(['rabies']);
    expect((await findDog(rex.id)) as unknown).toMatchObject({ vaccinationMissing: 'complete' });
    await resetBusinessSettings();
  });

  it('places a dog stored before records existed on the lists at the local start (the backfill), from its records', async () => {
    const old = await createDog(alice.profileId, { name: 'Elder', breed: 'Beagle', birthDate: '2015-05-05' });
    const older = await createDog(alice.profileId, { name: 'Eldest', breed: 'Pug', birthDate: '2014-04-04' });
    const res = await as(alice).post(`/api/dogs/${older.id}/vaccinations`, record({ expiresOn: addDays(today(), 10) }));
    expect(res.status).toBe(201);
    // As an older version stored them: no list position (nor the index keys made from it).
    const { doc, tableName } = db();
    for (const d of [old, older]) {
      const { Key } = store().entities.dog.get({ id: d.id }).params() as { Key: Record<string, string> };
      await doc.send(
        new UpdateCommand({
          TableName: tableName,
          Key,
          UpdateExpression:
            'REMOVE vaccinationDueOn, vaccinationMissing, vaccineExpiries, gsi2pk, gsi2sk, gsi3pk, gsi3sk',
        }),
      );
    }
    expect((await dueList('missing')).some((d) => d.dogId === old.id)).toBe(false);

    expect(await backfillDogVaccinations()).toBeGreaterThanOrEqual(2);
    expect((await dueList('missing')).some((d) => d.dogId === old.id)).toBe(true);
    expect((await dueList('expiring')).find((d) => d.dogId === older.id)?.gaps[0]).toEqual({
      vaccine: 'rabies',
      state: 'expiring',
      expiresOn: addDays(today(), 10),
    });
    // Placed dogs are left alone the next time.
    const placed = (await findDog(rex.id)) as unknown as { vaccinationDueOn: string };
    expect(placed.vaccinationDueOn).toBeDefined();
  });

  it('schedules the 30- and 7-day reminders, moves them with the expiry and removes them with the record', async () => {
    const far = addDays(today(), 90);
    const created = await as(alice).post(
      `/api/dogs/${rex.id}/vaccinations`,
      record({ vaccine: 'bordetella', expiresOn: far }),
    );
    const id = created.body.record.id as string;
    const mine = async () => (await schedules()).filter((s) => s.name.startsWith(`vaccination-reminder-${id}`));
    expect((await mine()).map((s) => [s.name, s.at]).sort()).toEqual([
      [`vaccination-reminder-${id}-30`, vaccinationReminderTime(far, 30, TZ)],
      [`vaccination-reminder-${id}-7`, vaccinationReminderTime(far, 7, TZ)],
    ]);
    // 20 days ahead: the 30-day reminder's time has passed, only the 7-day one is left.
    await as(alice).put(`/api/vaccinations/${id}`, record({ vaccine: 'bordetella' }));
    expect((await mine()).map((s) => [s.name, s.at])).toEqual([
      [`vaccination-reminder-${id}-7`, vaccinationReminderTime(addDays(today(), 20), 7, TZ)],
    ]);
    expect((await as(alice).del(`/api/vaccinations/${id}`)).status).toBe(204);
    expect(await mine()).toEqual([]);
  });

  it('an id sent in capitals finds the record and leaves its stored id and schedule names as they were', async () => {
    const far = addDays(today(), 120);
    const created = await as(alice).post(
      `/api/dogs/${rex.id}/vaccinations`,
      record({ vaccine: 'canine_influenza', expiresOn: far }),
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.record.id as string;
    const ID = id.toUpperCase();
    expect(ID).not.toBe(id);
    const later = addDays(today(), 150);
    const put = await as(alice).put(
      `/api/vaccinations/${ID}`,
      record({ vaccine: 'canine_influenza', expiresOn: later }),
    );
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body.record.id).toBe(id);
    const verified = await as(admin).post(`/api/vaccinations/${ID}/verify`);
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.record.id).toBe(id);
    const listed = await as(alice).get(`/api/dogs/${rex.id.toUpperCase()}/vaccinations`);
    expect(listed.body.items.filter((x: { vaccine: string }) => x.vaccine === 'canine_influenza')).toEqual([
      expect.objectContaining({ id }),
    ]);
    const named = (await schedules()).filter((s) => s.name.toLowerCase().startsWith(`vaccination-reminder-${id}`));
    expect(named.map((s) => [s.name, s.at]).sort()).toEqual([
      [`vaccination-reminder-${id}-30`, vaccinationReminderTime(later, 30, TZ)],
      [`vaccination-reminder-${id}-7`, vaccinationReminderTime(later, 7, TZ)],
    ]);

    const dogId = rex.id.toUpperCase();
    const patched = await as(admin).patch(`/api/dogs/${dogId}`, {
      name: 'Rex',
      breed: 'Boxer',
      birthDate: '2020-02-02',
    });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    expect((await findDog(rex.id))?.id).toBe(rex.id);
    const { data } = await store().entities.vaccination.get({ id }).go();
    expect(data?.id).toBe(id);
    expect((await as(alice).del(`/api/vaccinations/${ID}`)).status).toBe(204);
    expect((await schedules()).filter((s) => s.name.toLowerCase().includes(id))).toEqual([]);
  });

  it('the reminder is a portal message once per expiry, and nothing for a moved record', async () => {
    const created = await as(alice).post(`/api/dogs/${rex.id}/vaccinations`, record({ vaccine: 'leptospirosis' }));
    const r = created.body.record;
    const fire = (expiresOn: string) =>
      sendReminder(
        {
          id: randomUUID(),
          'detail-type': 'VaccinationReminderDue',
          source: 'test',
          detail: { recordId: r.id, expiresOn, days: 7, siteUrl: 'http://127.0.0.1' },
        } as never,
        lambdaContext('events/send-vaccination-reminder'),
      );
    await fire(addDays(today(), 5)); // for another expiry: nothing
    await fire(r.expiresOn);
    await fire(r.expiresOn);
    await busIdle();
    const inbox = await as(alice).get('/api/me/messages');
    const reminders = (inbox.body.items as { subject: string; messageType: string }[]).filter((m) =>
      m.subject.startsWith("Reminder: Rex's Leptospirosis vaccination expires"),
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0].messageType).toBe('reminder');
  });

  it("deleting the dog removes its records, certificates and reminders; a client's deletion and export cover them", async () => {
    const dog = await createDog(alice.profileId, { name: 'Gone', breed: 'Mix', birthDate: '2020-01-01' });
    const key = await uploadCertificate(alice, PDF);
    const r = (await as(alice).post(`/api/dogs/${dog.id}/vaccinations`, record({ certificateKey: key }))).body.record;
    expect((await schedules()).some((s) => s.name === `vaccination-reminder-${r.id}-7`)).toBe(true);
    expect((await as(admin).del(`/api/dogs/${dog.id}`)).status).toBe(204);
    expect((await store().entities.vaccination.get({ id: r.id }).go()).data).toBeNull();
    expect(await readObjectStart(key)).toBeUndefined();
    expect((await schedules()).some((s) => s.name.startsWith(`vaccination-reminder-${r.id}`))).toBe(false);

    // Export: the records with their certificate's name, never the storage key.
    const carol = await createTestUser('client');
    const pup = await createDog(carol.profileId, { name: 'Pup', breed: 'Mix', birthDate: '2022-01-01' });
    const ckey = await uploadCertificate(carol, PDF);
    const cr = (await as(carol).post(`/api/dogs/${pup.id}/vaccinations`, record({ certificateKey: ckey }))).body.record;
    const exported = await as(carol).get('/api/me/export');
    expect(exported.body.vaccinations).toHaveLength(1);
    expect(exported.body.vaccinations[0]).toMatchObject({ id: cr.id, certificate: { contentType: 'application/pdf' } });
    expect(JSON.stringify(exported.body)).not.toContain(ckey);

    expect((await api('DELETE', `/api/clients/${carol.profileId}`, { token: admin.idToken })).status).toBe(204);
    expect((await store().entities.vaccination.get({ id: cr.id }).go()).data).toBeNull();
    expect(await readObjectStart(ckey)).toBeUndefined();
    expect((await schedules()).some((s) => s.name.startsWith(`vaccination-reminder-${cr.id}`))).toBe(false);
    const profile = await getProfileById(alice.profileId);
    if (!profile) throw new Error('profile missing');
    expect((await listClientItems(profile)).vaccinations.length).toBeGreaterThan(0);
  });
});
