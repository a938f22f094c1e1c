import { randomUUID } from 'node:crypto';
import { deleteObject, presignUpload, readObjectStart } from '../adapters/storage.js';
import { isConditionFailure, store } from '../db/service.js';
import { AppError } from '../errors.js';
import { Conflict, retryOnConflict } from '../retry.js';
import { type DogCaller, type DogItem, findDog, getDogFor } from './dogs.js';
import { IMAGE_EXTENSIONS, type ImageType, MAX_IMAGE_BYTES, sniffImageType } from './image-check.js';

/** SPEC 9 texts, shown as they are. */
export const INVALID_IMAGE = 'Please select a valid image file (JPG, PNG, WebP, or SVG)';
export const IMAGE_TOO_LARGE = 'File size must be less than 10MB';

/** The caller of a photo route: Cognito sub (for the storage prefix), role and profile. */
export type PhotoCaller = DogCaller & { userId: string };

/** SPEC 6: photos live under admins/{userId}/ or clients/{userId}/ (userId = Cognito sub). */
export function storagePrefix(caller: { role: 'admin' | 'client'; userId: string }): string {
  return `${caller.role === 'admin' ? 'admins' : 'clients'}/${caller.userId}/`;
}

/** Keys the server hands out: {prefix}dogs/{uuid}.{ext}. Nothing else is ever attached. */
const UPLOAD_KEY = /^dogs\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp|svg)$/;

/**
 * A presigned POST for one dog photo under the caller's own prefix. The key is chosen here; the
 * browser only says what it is about to send (content type and size, both checked by the contract).
 */
export async function createPhotoUpload(caller: PhotoCaller, input: { contentType: ImageType; size: number }) {
  const key = `${storagePrefix(caller)}dogs/${randomUUID()}.${IMAGE_EXTENSIONS[input.contentType]}`;
  const upload = await presignUpload(key, input.contentType, MAX_IMAGE_BYTES);
  return { url: upload.url, fields: upload.fields, key: upload.key, maxBytes: upload.maxBytes };
}

/**
 * Checks what was really stored at `key` (size and magic bytes, never the name or the declared
 * type) and answers the real type. A failing object is deleted before the error is thrown.
 */
export async function checkUploadedImage(key: string): Promise<ImageType> {
  const stored = await readObjectStart(key);
  if (!stored) throw new AppError('VALIDATION', 'The uploaded file was not found. Please upload it again.');
  if (stored.size > MAX_IMAGE_BYTES) {
    await deleteObject(key);
    throw new AppError('VALIDATION', IMAGE_TOO_LARGE);
  }
  const type = stored.size > 0 ? sniffImageType(stored.head) : undefined;
  if (!type) {
    await deleteObject(key);
    throw new AppError('VALIDATION', INVALID_IMAGE);
  }
  return type;
}

/** Attempts at attaching a photo while other attaches to the same dog land first. */
const ATTACH_RETRY = { attempts: 5, firstDelayMs: 10, maxDelayMs: 200 };

/**
 * Attaches an uploaded object as a dog's photo: the caller must be allowed to change the dog (the
 * admin any dog, a client their own), the key must be one handed out to this caller, and the stored
 * object must be a real image of at most 10 MB. The write is conditional on the photo it replaces, so
 * of two attaches at the same moment each replaces the other's photo in turn and deletes it: no object
 * is left that no dog points to. The previous photo object is deleted afterwards.
 */
export async function attachDogPhoto(caller: PhotoCaller, dogId: string, key: string): Promise<DogItem> {
  let dog = await getDogFor(caller, dogId);
  const prefix = storagePrefix(caller);
  if (!key.startsWith(prefix) || !UPLOAD_KEY.test(key.slice(prefix.length))) {
    throw new AppError('FORBIDDEN', 'You can only attach a photo you uploaded');
  }
  if (dog.photoKey === key) return dog;
  const type = await checkUploadedImage(key);
  const changed = new AppError('CONFLICT', 'The photo was changed meanwhile. Please try again.');
  try {
    return await retryOnConflict(async (attempt) => {
      if (attempt > 1) {
        const now = await findDog(dog.id);
        if (!now) throw new AppError('NOT_FOUND', 'Dog not found');
        if (now.photoKey === key) return now;
        dog = now;
      }
      const previous = dog.photoKey;
      try {
        await store()
          .entities.dog.patch({ id: dog.id })
          .set({ photoKey: key, photoContentType: type })
          .where((a, { eq, notExists }) => (previous ? eq(a.photoKey, previous) : notExists(a.photoKey)))
          .go();
      } catch (e) {
        // Another photo was attached meanwhile: read the dog again.
        if (isConditionFailure(e)) throw new Conflict(changed);
        throw e;
      }
      if (previous) await deleteObject(previous);
      return (await findDog(dog.id)) ?? { ...dog, photoKey: key, photoContentType: type };
    }, ATTACH_RETRY);
  } catch (e) {
    // Not attached (the dog is gone, or it kept changing): the uploaded object would be left unused.
    if (e === changed || (e instanceof AppError && e.code === 'NOT_FOUND')) await deleteObject(key);
    throw e;
  }
}

/** Removes a dog's photo (the object and the reference). Removing when there is none changes nothing. */
export async function removeDogPhoto(caller: PhotoCaller, dogId: string): Promise<DogItem> {
  const dog = await getDogFor(caller, dogId);
  if (!dog.photoKey) return dog;
  await store().entities.dog.patch({ id: dogId }).remove(['photoKey', 'photoContentType']).go();
  await deleteObject(dog.photoKey);
  return (await findDog(dogId)) ?? dog;
}
