import { deleteObject, presignDownload } from '../adapters/storage.js';
import { DOG_FUTURE_TEXT, type Dog } from '../contracts/client-options.js';
import type { DogRequest } from '../contracts/clients.js';
import { store } from '../db/service.js';
import { AppError } from '../errors.js';
import { assertBirthDateNotFuture } from './birth-date.js';
import { getClient } from './clients.js';
import { renamedDog, withDog, withoutDog, writeWithDogNames } from './dog-names.js';
import { type Page, type Position, queryCursor, toPosition } from './pagination.js';
import type { Profile } from './profiles.js';

/** A dog as stored (the entity's attributes). */
export interface DogItem {
  id: string;
  profileId: string;
  name: string;
  breed: string;
  birthDate: string;
  sex?: 'male' | 'female';
  photoKey?: string;
  photoContentType?: string;
  behavioralNotes?: string;
  medicalNotes?: string;
  trainingGoals?: string;
  totalSessions: number;
  lastSessionDate?: string;
  createdAt: string;
  updatedAt: string;
}

/** Who asks: ownership decides what a client may see or change. */
export type DogCaller = { role: 'admin' | 'client'; profile: Pick<Profile, 'id'> };

const DOG_NOT_FOUND = 'Dog not found';
const CHANGED_MEANWHILE = 'The change conflicted with another one. Please try again.';
const DEFAULT_PAGE = 50;

/** The optional text fields of the dog form: null clears a field, undefined leaves it as it is. */
const OPTIONAL_FIELDS = ['sex', 'behavioralNotes', 'medicalNotes', 'trainingGoals'] as const;

/**
 * The response shape of a dog: no storage key, a presigned download link instead. SVG is served
 * with its content type and an attachment disposition, so opened as a page it can never run script.
 */
export async function toDogView(d: DogItem): Promise<Dog> {
  const view = toDogViewWithoutPhoto(d);
  if (!d.photoKey) return view;
  const photoUrl = await presignDownload(d.photoKey, {
    contentType: d.photoContentType,
    attachment: d.photoContentType === 'image/svg+xml',
  });
  return { ...view, photoUrl };
}

/**
 * The response shape of a dog that has no photo yet (a dog just created): the same fields, and no
 * download link, so a handler that only creates dogs needs no access to the media bucket.
 */
export function toDogViewWithoutPhoto(d: Omit<DogItem, 'photoKey' | 'photoContentType'>): Dog {
  return {
    id: d.id,
    profileId: d.profileId,
    name: d.name,
    breed: d.breed,
    birthDate: d.birthDate,
    ...(d.sex ? { sex: d.sex } : {}),
    ...(d.behavioralNotes ? { behavioralNotes: d.behavioralNotes } : {}),
    ...(d.medicalNotes ? { medicalNotes: d.medicalNotes } : {}),
    ...(d.trainingGoals ? { trainingGoals: d.trainingGoals } : {}),
    trainingAnalytics: {
      totalSessions: d.totalSessions ?? 0,
      ...(d.lastSessionDate ? { lastSessionDate: d.lastSessionDate } : {}),
    },
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}

/** The stored dog, or undefined. One GetItem. */
export async function findDog(id: string): Promise<DogItem | undefined> {
  const { data } = await store().entities.dog.get({ id }).go();
  return (data ?? undefined) as DogItem | undefined;
}

/**
 * The dog if the caller may see it: the admin any dog, a client only their own. Another client's
 * dog answers NOT_FOUND like a missing one, so ids of other people's dogs reveal nothing.
 */
export async function getDogFor(caller: DogCaller, id: string): Promise<DogItem> {
  const dog = await findDog(id);
  if (!dog || (caller.role !== 'admin' && dog.profileId !== caller.profile.id)) {
    throw new AppError('NOT_FOUND', DOG_NOT_FOUND);
  }
  return dog;
}

/** One page of a profile's dogs, oldest first (one Query on gsi1). */
export async function listDogsOfProfile(
  profileId: string,
  opts: { cursor?: Position; limit?: number } = {},
): Promise<Page<DogItem>> {
  const { data, cursor } = await store()
    .entities.dog.query.byProfile({ profileId })
    .go({ cursor: queryCursor(opts.cursor), limit: opts.limit ?? DEFAULT_PAGE });
  return { items: data as DogItem[], cursor: toPosition(cursor) };
}

/** A client's dogs for the trainer; NOT_FOUND `Client not found` when the id is not a client. */
export async function listClientDogs(clientId: string, opts: { cursor?: Position; limit?: number } = {}) {
  await getClient(clientId);
  return listDogsOfProfile(clientId, opts);
}

/** Adds a dog to a client (the client must exist and be a client), with its name on the client's list. */
export async function createDog(clientId: string, input: DogRequest): Promise<DogItem> {
  await getClient(clientId);
  await assertBirthDateNotFuture([{ birthDate: input.birthDate, field: 'birthDate' }], DOG_FUTURE_TEXT);
  const id = crypto.randomUUID();
  const failed = await writeWithDogNames(
    clientId,
    (names) => withDog(names, { id, name: input.name }),
    (e) => [
      e.dog
        .create({
          id,
          profileId: clientId,
          name: input.name,
          breed: input.breed,
          birthDate: input.birthDate,
          ...(input.sex ? { sex: input.sex } : {}),
          ...(input.behavioralNotes ? { behavioralNotes: input.behavioralNotes } : {}),
          ...(input.medicalNotes ? { medicalNotes: input.medicalNotes } : {}),
          ...(input.trainingGoals ? { trainingGoals: input.trainingGoals } : {}),
          totalSessions: 0,
        })
        .commit(),
    ],
  );
  if (failed) throw new AppError('CONFLICT', CHANGED_MEANWHILE);
  const created = await findDog(id);
  if (!created) throw new AppError('CONFLICT', CHANGED_MEANWHILE);
  return created;
}

/**
 * Replaces the form fields of a dog (name, breed, birth date always; an optional field given as
 * null is cleared, left out it stays). Owner, photo and training analytics are not touched here, nor
 * its sessions (a renamed dog's sessions follow in shared/domain/cascades.ts); a new name goes onto
 * the client's list in the same transaction. Returns the dog as it was read before and as it is after.
 */
export async function updateDogFields(id: string, input: DogRequest): Promise<{ before: DogItem; after: DogItem }> {
  const current = await findDog(id);
  if (!current) throw new AppError('NOT_FOUND', DOG_NOT_FOUND);
  await assertBirthDateNotFuture([{ birthDate: input.birthDate, field: 'birthDate' }], DOG_FUTURE_TEXT);
  const set: Record<string, string> = { name: input.name, breed: input.breed, birthDate: input.birthDate };
  const remove: string[] = [];
  for (const field of OPTIONAL_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (value === null) {
      if (current[field] !== undefined) remove.push(field);
    } else set[field] = value;
  }
  // The patch fails its condition when the dog was deleted between the read and the write.
  const failed = await writeWithDogNames(
    current.profileId,
    (names) =>
      current.name === input.name && names.some((d) => d.id === id)
        ? names
        : renamedDog(names, { id, name: input.name }),
    (e) => {
      const op = e.dog.patch({ id }).set(set);
      return [(remove.length ? op.remove(remove as never) : op).commit()];
    },
  );
  if (failed) throw new AppError('NOT_FOUND', DOG_NOT_FOUND);
  return { before: current, after: (await findDog(id)) ?? current };
}

/** Deletes a dog (and its name from the client's list) and its photo object. */
export async function deleteDog(id: string): Promise<void> {
  const current = await findDog(id);
  if (!current) throw new AppError('NOT_FOUND', DOG_NOT_FOUND);
  await writeWithDogNames(
    current.profileId,
    (names) => withoutDog(names, id),
    (e) => [e.dog.delete({ id }).commit()],
  );
  if (current.photoKey) await deleteObject(current.photoKey);
}
