import { randomUUID } from 'node:crypto';
import { deleteObject, presignDownload, presignUpload, readObjectStart } from '../adapters/storage.js';
import {
  addDays,
  type CertificateType,
  EXPIRING_WITHIN_DAYS,
  latestExpiries,
  MAX_CERTIFICATE_BYTES,
  type RequirableVaccine,
  VACCINATION_TEXTS as T,
  type VaccinationDueItem,
  type VaccinationRecord,
  type VaccinationRequest,
  type Vaccine,
  vaccinationGaps,
} from '../contracts/vaccinations.js';
import { batchWriteAll } from '../db/batch.js';
import { isConditionFailure, store } from '../db/service.js';
import { AppError } from '../errors.js';
import { businessDate } from './business-time.js';
import { type DogCaller, type DogItem, getDogFor } from './dogs.js';
import { sniffImageType } from './image-check.js';
import { fullName } from './names.js';
import { type Page, type Position, queryCursor, toPosition } from './pagination.js';
import { storagePrefix } from './photos.js';
import { getProfileById, type Profile } from './profiles.js';
import { businessTimeZoneSetting, getBusinessSettings } from './settings.js';
import { cancelVaccinationReminders, syncVaccinationReminders } from './vaccination-reminders.js';

/**
 * Vaccination records of clients' dogs (ADR 0032). A client keeps their own dogs' records (add, update,
 * delete, a certificate uploaded by presigned POST and checked on the server); the trainer sees every
 * record and verifies it (an update by the client clears the verification). Each change re-sorts the
 * dog on the trainer's lists (the dog's `vaccinationDueOn` and `vaccinationMissing`) and moves the
 * record's two reminder schedules (shared/domain/vaccination-reminders.ts).
 */

/** A record as stored (the entity's attributes). */
export interface VaccinationItem {
  id: string;
  profileId: string;
  dogId: string;
  vaccine: Vaccine;
  otherName?: string;
  givenOn: string;
  expiresOn: string;
  clinic: string;
  certificateKey?: string;
  certificateContentType?: string;
  verifiedById?: string;
  verifiedByName?: string;
  verifiedAt?: string;
  reminded30For?: string;
  reminded7For?: string;
  createdAt: string;
  updatedAt: string;
}

/** Who asks, with the Cognito sub for a certificate's storage prefix. */
export type VaccinationCaller = DogCaller & { userId: string };

/** The expiring list's sort key of a dog with no required vaccination recorded. */
const NOTHING_DUE = '9999-12-31';
const DEFAULT_PAGE = 25;
/** How long a certificate's download link works. */
const CERTIFICATE_LINK_SECONDS = 300;

export function toVaccinationView(r: VaccinationItem): VaccinationRecord {
  return {
    id: r.id,
    dogId: r.dogId,
    profileId: r.profileId,
    vaccine: r.vaccine,
    ...(r.vaccine === 'other' && r.otherName ? { otherName: r.otherName } : {}),
    givenOn: r.givenOn,
    expiresOn: r.expiresOn,
    clinic: r.clinic,
    hasCertificate: !!r.certificateKey,
    ...(r.certificateKey ? { certificateContentType: r.certificateContentType as CertificateType } : {}),
    ...(r.verifiedById && r.verifiedAt
      ? { verifiedBy: { id: r.verifiedById, name: r.verifiedByName ?? '' }, verifiedAt: r.verifiedAt }
      : {}),
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

/** The required vaccines (Settings → Business). */
export async function requiredVaccines(): Promise<RequirableVaccine[]> {
  return (await getBusinessSettings()).requiredVaccines;
}

async function findRecord(id: string): Promise<VaccinationItem | undefined> {
  const { data } = await store().entities.vaccination.get({ id }).go();
  return (data ?? undefined) as VaccinationItem | undefined;
}

/** The record if the caller may see it (the admin any, a client their own dogs'); else NOT_FOUND, like a missing one. */
export async function getRecordFor(caller: DogCaller, id: string): Promise<VaccinationItem> {
  const record = await findRecord(id);
  if (!record || (caller.role !== 'admin' && record.profileId !== caller.profile.id)) {
    throw new AppError('NOT_FOUND', T.notFound);
  }
  return record;
}

/** A dog's records, soonest expiry first (one Query of the owner's collection). */
async function recordsOfDog(dog: Pick<DogItem, 'id' | 'profileId'>): Promise<VaccinationItem[]> {
  const { data } = await store()
    .entities.vaccination.query.byProfile({ profileId: dog.profileId, dogId: dog.id })
    .go({ pages: 'all' });
  return (data as VaccinationItem[]).sort((a, b) => a.expiresOn.localeCompare(b.expiresOn));
}

/** The records of a dog the caller may see, and the required vaccines. */
export async function listDogVaccinations(caller: DogCaller, dogId: string) {
  const dog = await getDogFor(caller, dogId);
  const [items, required] = await Promise.all([recordsOfDog(dog), requiredVaccines()]);
  return { items, required };
}

// ---------------------------------------------------------------------------------------------------
// Certificates

const CERTIFICATE_EXTENSIONS: Record<CertificateType, string> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};
const CERTIFICATE_KEY =
  /^certificates\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(pdf|jpg|png|webp)$/;

/** A presigned POST for one certificate under the caller's own prefix; the server picks the key. */
export async function createCertificateUpload(
  caller: VaccinationCaller,
  input: { contentType: CertificateType; size: number },
) {
  const key = `${storagePrefix(caller)}certificates/${randomUUID()}.${CERTIFICATE_EXTENSIONS[input.contentType]}`;
  const upload = await presignUpload(key, input.contentType, MAX_CERTIFICATE_BYTES);
  return { url: upload.url, fields: upload.fields, key: upload.key, maxBytes: upload.maxBytes };
}

/** What a certificate's first bytes say it is: a PDF, or a JPEG, PNG or WebP image (never SVG). */
export function sniffCertificateType(head: Uint8Array): CertificateType | undefined {
  if (Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('latin1', 0, 5) === '%PDF-') {
    return 'application/pdf';
  }
  const image = sniffImageType(head);
  return image && image !== 'image/svg+xml' ? image : undefined;
}

/**
 * Checks a certificate key the caller hands in: one handed out to this caller, and what is stored there
 * a real PDF or image of at most 10 MB (a failing object is deleted). Answers its real type.
 */
async function checkCertificate(caller: VaccinationCaller, key: string): Promise<CertificateType> {
  const prefix = storagePrefix(caller);
  if (!key.startsWith(prefix) || !CERTIFICATE_KEY.test(key.slice(prefix.length))) {
    throw new AppError('FORBIDDEN', 'You can only attach a certificate you uploaded');
  }
  const stored = await readObjectStart(key);
  if (!stored) throw new AppError('VALIDATION', 'The uploaded file was not found. Please upload it again.');
  if (stored.size > MAX_CERTIFICATE_BYTES) {
    await deleteObject(key);
    throw new AppError('VALIDATION', T.certificateTooLarge, { certificateKey: [T.certificateTooLarge] });
  }
  const type = stored.size > 0 ? sniffCertificateType(stored.head) : undefined;
  if (!type) {
    await deleteObject(key);
    throw new AppError('VALIDATION', T.certificateInvalid, { certificateKey: [T.certificateInvalid] });
  }
  return type;
}

/** A short-lived download link of a record's certificate, after the ownership check. */
export async function certificateLink(caller: DogCaller, recordId: string): Promise<string> {
  const record = await getRecordFor(caller, recordId);
  if (!record.certificateKey) throw new AppError('NOT_FOUND', 'This record has no certificate');
  return presignDownload(record.certificateKey, {
    contentType: record.certificateContentType,
    expiresIn: CERTIFICATE_LINK_SECONDS,
  });
}

// ---------------------------------------------------------------------------------------------------
// Writes

async function assertGivenNotFuture(givenOn: string, now = new Date()) {
  if (givenOn > businessDate(now, await businessTimeZoneSetting())) {
    throw new AppError('VALIDATION', T.givenOnFuture, { givenOn: [T.givenOnFuture] });
  }
}

const fields = (input: VaccinationRequest) => ({
  vaccine: input.vaccine,
  givenOn: input.givenOn,
  expiresOn: input.expiresOn,
  clinic: input.clinic,
});

/** A client adds a record to their own dog (the admin's dogs answer NOT_FOUND through getDogFor). */
export async function createVaccination(
  caller: VaccinationCaller,
  dogId: string,
  input: VaccinationRequest,
  siteUrl: string,
): Promise<VaccinationItem> {
  const dog = await getDogFor(caller, dogId);
  await assertGivenNotFuture(input.givenOn);
  const certificate = input.certificateKey
    ? {
        certificateKey: input.certificateKey,
        certificateContentType: await checkCertificate(caller, input.certificateKey),
      }
    : {};
  const { data } = await store()
    .entities.vaccination.create({
      profileId: dog.profileId,
      dogId: dog.id,
      ...fields(input),
      ...(input.vaccine === 'other' && input.otherName ? { otherName: input.otherName } : {}),
      ...certificate,
    })
    .go();
  const record = data as VaccinationItem;
  await refreshDogVaccinations(dog);
  await syncVaccinationReminders(record, siteUrl);
  return record;
}

/**
 * A client replaces a record of their own dog. The trainer's verification is cleared (it was of the
 * record as it was); a new certificate replaces the old object, null removes it, absent keeps it.
 */
export async function updateVaccination(
  caller: VaccinationCaller,
  recordId: string,
  input: VaccinationRequest,
  siteUrl: string,
): Promise<VaccinationItem> {
  const current = await getRecordFor(caller, recordId);
  await assertGivenNotFuture(input.givenOn);
  const newKey =
    input.certificateKey && input.certificateKey !== current.certificateKey ? input.certificateKey : undefined;
  const newType = newKey ? await checkCertificate(caller, newKey) : undefined;
  const remove = ['verifiedById', 'verifiedByName', 'verifiedAt'].filter(
    (k) => current[k as keyof VaccinationItem] !== undefined,
  );
  if (input.vaccine !== 'other' && current.otherName) remove.push('otherName');
  const dropCertificate = input.certificateKey === null && current.certificateKey;
  if (dropCertificate) remove.push('certificateKey', 'certificateContentType');
  let op = store()
    .entities.vaccination.patch({ id: recordId })
    .set({
      ...fields(input),
      ...(input.vaccine === 'other' && input.otherName ? { otherName: input.otherName } : {}),
      ...(newKey ? { certificateKey: newKey, certificateContentType: newType } : {}),
    });
  if (remove.length) op = op.remove(remove as never) as typeof op;
  try {
    await op.go();
  } catch (e) {
    if (isConditionFailure(e)) {
      if (newKey) await deleteObject(newKey);
      throw new AppError('NOT_FOUND', T.notFound);
    }
    throw e;
  }
  if (current.certificateKey && (newKey || dropCertificate)) await deleteObject(current.certificateKey);
  const after = (await findRecord(recordId)) ?? current;
  await refreshDogVaccinations({ id: current.dogId, profileId: current.profileId });
  await syncVaccinationReminders(after, siteUrl);
  return after;
}

/** A client deletes a record of their own dog, with its certificate and its reminders. */
export async function deleteVaccination(caller: DogCaller, recordId: string): Promise<void> {
  const current = await getRecordFor(caller, recordId);
  await store().entities.vaccination.delete({ id: recordId }).go();
  await Promise.all([
    current.certificateKey ? deleteObject(current.certificateKey) : undefined,
    cancelVaccinationReminders(recordId),
  ]);
  await refreshDogVaccinations({ id: current.dogId, profileId: current.profileId });
}

/** The trainer verifies a record as it is now (by whom and when). */
export async function verifyVaccination(admin: Profile, recordId: string): Promise<VaccinationItem> {
  const current = await findRecord(recordId);
  if (!current) throw new AppError('NOT_FOUND', T.notFound);
  try {
    await store()
      .entities.vaccination.patch({ id: recordId })
      .set({ verifiedById: admin.id, verifiedByName: fullName(admin), verifiedAt: new Date().toISOString() })
      // Verified as read: a change by the client in between is not verified by this.
      .where(({ updatedAt }, { eq }) => eq(updatedAt, current.updatedAt))
      .go();
  } catch (e) {
    if (isConditionFailure(e))
      throw new AppError('CONFLICT', 'The record was changed meanwhile. Please review it again.');
    throw e;
  }
  return (await findRecord(recordId)) ?? current;
}

/**
 * Every record of a dog, their certificates and reminders: removed with the dog (shared/domain/cascades.ts).
 */
export async function deleteDogVaccinations(dog: Pick<DogItem, 'id' | 'profileId'>): Promise<void> {
  const records = await recordsOfDog(dog);
  if (!records.length) return;
  await batchWriteAll(
    'vaccination records',
    records.map((r) => ({ id: r.id })),
    (keys) => store().entities.vaccination.delete(keys).go(),
  );
  await Promise.all(
    records.flatMap((r) => [
      ...(r.certificateKey ? [deleteObject(r.certificateKey)] : []),
      cancelVaccinationReminders(r.id),
    ]),
  );
}

// ---------------------------------------------------------------------------------------------------
// The trainer's due list

/** The first day a required vaccination ends (among those recorded); NOTHING_DUE when none is recorded. */
export function dueOnOf(expiries: Partial<Record<RequirableVaccine, string>>, required: readonly RequirableVaccine[]) {
  let due = NOTHING_DUE;
  for (const v of required) {
    const day = expiries[v];
    if (day && day < due) due = day;
  }
  return due;
}

/** Whether a required vaccine has no record. */
export const missingOf = (
  expiries: Partial<Record<RequirableVaccine, string>>,
  required: readonly RequirableVaccine[],
): 'missing' | 'complete' => (required.some((v) => !expiries[v]) ? 'missing' : 'complete');

type DogWithVaccinations = DogItem & {
  vaccineExpiries?: Partial<Record<RequirableVaccine, string>>;
  vaccinationDueOn: string;
  vaccinationMissing: 'missing' | 'complete';
};

/**
 * Puts the dog where its records now place it on the trainer's lists: the latest expiry of each
 * vaccine, the first day a required one ends, and whether one is missing. A dog deleted meanwhile is
 * left alone.
 */
export async function refreshDogVaccinations(
  dog: Pick<DogItem, 'id' | 'profileId'>,
  required?: readonly RequirableVaccine[],
): Promise<void> {
  const [records, req] = await Promise.all([recordsOfDog(dog), required ?? requiredVaccines()]);
  const expiries = latestExpiries(records);
  try {
    await store()
      .entities.dog.patch({ id: dog.id })
      .set({
        vaccineExpiries: expiries,
        vaccinationDueOn: dueOnOf(expiries, req),
        vaccinationMissing: missingOf(expiries, req),
      })
      .go();
  } catch (e) {
    if (!isConditionFailure(e)) throw e;
  }
}

/**
 * The required vaccines changed: every dog's place on the lists is computed again, page by page over
 * the missing index (every dog is on it, a Query). Answers how many dogs moved.
 */
export async function resortDueList(required: readonly RequirableVaccine[]): Promise<number> {
  let cursor: string | null = null;
  let moved = 0;
  do {
    const page: { data: unknown[]; cursor: string | null } = await store()
      .entities.dog.query.byVaccinationMissing({})
      .go({ cursor, limit: 100 });
    for (const dog of page.data as DogWithVaccinations[]) {
      const expiries = dog.vaccineExpiries ?? {};
      const due = dueOnOf(expiries, required);
      const missing = missingOf(expiries, required);
      if (due === dog.vaccinationDueOn && missing === dog.vaccinationMissing) continue;
      try {
        await store()
          .entities.dog.patch({ id: dog.id })
          .set({ vaccinationDueOn: due, vaccinationMissing: missing })
          .go();
        moved++;
      } catch (e) {
        if (!isConditionFailure(e)) throw e;
      }
    }
    cursor = page.cursor;
  } while (cursor);
  return moved;
}

export type DueFilter = 'expiring' | 'missing';

/**
 * One page of the trainer's list: `expiring`, the dogs whose required vaccinations ended or end within
 * 30 days of today (the business's date), soonest first (one Query of the due index bounded by today +
 * 30 days); `missing`, the dogs missing a required vaccination (one Query of the missing index). Plus
 * one GetItem per owner for the names.
 */
export async function listVaccinationsDue(
  opts: { filter?: DueFilter; cursor?: Position; limit?: number } = {},
  now = new Date(),
): Promise<Page<VaccinationDueItem> & { required: RequirableVaccine[] }> {
  const settings = await getBusinessSettings();
  const today = businessDate(now, settings.timeZone);
  const required = settings.requiredVaccines;
  const page = { cursor: queryCursor(opts.cursor), limit: opts.limit ?? DEFAULT_PAGE };
  const { data, cursor } =
    opts.filter === 'missing'
      ? await store().entities.dog.query.byVaccinationMissing({}).begins({ vaccinationMissing: 'missing' }).go(page)
      : await store()
          .entities.dog.query.byVaccinationDue({})
          .lt({ vaccinationDueOn: addDays(today, EXPIRING_WITHIN_DAYS + 1) })
          .go(page);
  const dogs = data as DogWithVaccinations[];
  const owners = new Map<string, Profile | undefined>();
  await Promise.all(
    [...new Set(dogs.map((d) => d.profileId))].map(async (id) => owners.set(id, await getProfileById(id))),
  );
  const items = dogs
    .map((d) => {
      const owner = owners.get(d.profileId);
      return {
        dogId: d.id,
        dogName: d.name,
        profileId: d.profileId,
        clientName: owner ? fullName(owner) : '',
        dueOn: d.vaccinationDueOn === NOTHING_DUE ? null : d.vaccinationDueOn,
        gaps: vaccinationGaps(d.vaccineExpiries ?? {}, required, today, EXPIRING_WITHIN_DAYS),
      };
    })
    // A dog placed under an earlier choice of required vaccines, not yet re-sorted, may have none.
    .filter((d) => d.gaps.length > 0);
  return { items, cursor: toPosition(cursor), required };
}
