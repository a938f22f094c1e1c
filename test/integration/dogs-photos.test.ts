import { beforeAll, describe, expect, it } from 'vitest';
import { readObjectStart } from '../../shared/adapters/storage.js';
import { findDog } from '../../shared/domain/dogs.js';
import { MAX_IMAGE_BYTES } from '../../shared/domain/image-check.js';
import { MEDIA_CACHE_CONTROL } from '../../shared/media-cache.js';
import { api, createTestUser, type TestUser } from '../support/api.js';
import { dogOf, PNG_1X1, uploadPhoto } from './matrix/dogs-and-notes.js';

const INVALID = 'Please select a valid image file (JPG, PNG, WebP, or SVG)';
const TOO_LARGE = 'File size must be less than 10MB';
const SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>');

let admin: TestUser;
let clientA: TestUser;
let clientB: TestUser;

beforeAll(async () => {
  [admin, clientA, clientB] = await Promise.all([
    createTestUser('admin'),
    createTestUser('client'),
    createTestUser('client'),
  ]);
});

const attach = (token: string, dogId: string, key: string) =>
  api('PUT', `/api/dogs/${dogId}/photo`, { token, body: { key } });

describe('POST /api/uploads/photo', () => {
  it("hands out a presigned POST under the caller's own prefix, with a key chosen by the server", async () => {
    const asClient = await api('POST', '/api/uploads/photo', {
      token: clientA.idToken,
      body: { contentType: 'image/webp', size: 1234 },
    });
    expect(asClient.status).toBe(201);
    expect(asClient.body.key).toMatch(new RegExp(`^clients/${clientA.userId}/dogs/[0-9a-f-]{36}\\.webp$`));
    expect(asClient.body.fields.key).toBe(asClient.body.key);
    expect(asClient.body.fields['Content-Type']).toBe('image/webp');
    expect(asClient.body.fields['Cache-Control']).toBe('public, max-age=31536000, immutable');
    expect(asClient.body.url).toMatch(/^https?:\/\//);

    const asAdmin = await api('POST', '/api/uploads/photo', {
      token: admin.idToken,
      body: { contentType: 'image/svg+xml', size: 10 },
    });
    expect(asAdmin.body.key).toMatch(new RegExp(`^admins/${admin.userId}/dogs/[0-9a-f-]{36}\\.svg$`));
  });

  it('refuses other types, empty or oversize files and extra fields with the spec texts', async () => {
    const ask = (body: unknown) => api('POST', '/api/uploads/photo', { token: clientA.idToken, body });
    const gif = await ask({ contentType: 'image/gif', size: 10 });
    expect(gif.status).toBe(400);
    expect(gif.body.error.message).toBe(INVALID);
    const big = await ask({ contentType: 'image/png', size: MAX_IMAGE_BYTES + 1 });
    expect(big.status).toBe(400);
    expect(big.body.error.message).toBe(TOO_LARGE);
    expect((await ask({ contentType: 'image/png', size: MAX_IMAGE_BYTES })).status).toBe(201);
    expect((await ask({ contentType: 'image/png', size: 0 })).status).toBe(400);
    const extra = await ask({ contentType: 'image/png', size: 10, key: 'clients/other/x.png' });
    expect(extra.status).toBe(400);
    expect(extra.body.error.fields.key).toBeDefined();
  });
});

describe('PUT /api/dogs/{dogId}/photo (checks what was really stored)', () => {
  it('attaches a PNG renamed .jpg (declared as JPEG) as a PNG, served with its real type', async () => {
    const dog = await dogOf(clientA.profileId);
    const key = await uploadPhoto(clientA.idToken, PNG_1X1, { contentType: 'image/jpeg', fileName: 'rex.jpg' });
    expect(key).toMatch(/\.jpg$/);
    const res = await attach(clientA.idToken, dog.id, key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.dog.photoUrl).toBeTruthy();
    expect(res.body.dog).not.toHaveProperty('photoKey');
    const stored = await findDog(dog.id);
    expect(stored?.photoKey).toBe(key);
    expect(stored?.photoContentType).toBe('image/png');
    const url = new URL(res.body.dog.photoUrl);
    expect(url.searchParams.get('response-content-type')).toBe('image/png');
    expect(url.searchParams.get('response-content-disposition')).toBeNull();
    const image = await fetch(res.body.dog.photoUrl);
    expect(image.status).toBe(200);
    // Stored with the cache policy of the upload: its key never changes, so browsers and the CDN keep it.
    expect(image.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
    expect(Buffer.from(await image.arrayBuffer()).equals(PNG_1X1)).toBe(true);
  });

  it('refuses a script renamed .png and deletes the stored object', async () => {
    const dog = await dogOf(clientA.profileId);
    const script = Buffer.from('<script>fetch("/api/me").then(r => r.text()).then(alert)</script>\n');
    const key = await uploadPhoto(clientA.idToken, script, { contentType: 'image/png', fileName: 'cute.png' });
    expect(await readObjectStart(key)).toBeDefined();
    const res = await attach(clientA.idToken, dog.id, key);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(INVALID);
    expect(await readObjectStart(key)).toBeUndefined();
    expect((await findDog(dog.id))?.photoKey).toBeUndefined();
  });

  it('refuses an object over 10 MB (the bucket emulator does not enforce the POST policy) and deletes it', async () => {
    const dog = await dogOf(clientA.profileId);
    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    PNG_1X1.copy(big);
    const key = await uploadPhoto(clientA.idToken, big, { declaredSize: 2048 });
    expect((await readObjectStart(key))?.size).toBe(MAX_IMAGE_BYTES + 1);
    const res = await attach(clientA.idToken, dog.id, key);
    expect(res.status).toBe(400);
    expect(res.body.error.message).toBe(TOO_LARGE);
    expect(await readObjectStart(key)).toBeUndefined();
  });

  it("refuses a key outside the caller's prefix and leaves that object alone", async () => {
    const dogA = await dogOf(clientA.profileId);
    const dogB = await dogOf(clientB.profileId);
    const keyA = await uploadPhoto(clientA.idToken, PNG_1X1);
    const res = await attach(clientB.idToken, dogB.id, keyA);
    expect(res.status).toBe(403);
    expect(await readObjectStart(keyA)).toBeDefined();
    expect((await findDog(dogB.id))?.photoKey).toBeUndefined();

    const sneaky = [
      keyA.replace(`clients/${clientA.userId}/`, `clients/${clientB.userId}/../${clientA.userId}/`),
      `clients/${clientB.userId}/dogs/../../${clientA.userId}/dogs/x.png`,
      `admins/${admin.userId}/dogs/00000000-0000-4000-8000-000000000000.png`,
      `clients/${clientB.userId}/anything.png`,
    ];
    for (const key of sneaky) expect((await attach(clientB.idToken, dogB.id, key)).status).toBe(403);
    // The admin's own prefix is admins/{sub}/: a client's upload is not theirs either.
    expect((await attach(admin.idToken, dogA.id, keyA)).status).toBe(403);
  });

  it("does not let client A attach a photo to client B's dog", async () => {
    const dogB = await dogOf(clientB.profileId);
    const keyA = await uploadPhoto(clientA.idToken, PNG_1X1);
    const res = await attach(clientA.idToken, dogB.id, keyA);
    expect(res.status).toBe(404);
    expect((await findDog(dogB.id))?.photoKey).toBeUndefined();
    expect((await api('DELETE', `/api/dogs/${dogB.id}/photo`, { token: clientA.idToken })).status).toBe(404);
  });

  it('answers 400 for a key under the prefix that was never uploaded, 404 for an unknown dog', async () => {
    const dog = await dogOf(clientA.profileId);
    const missing = `clients/${clientA.userId}/dogs/00000000-0000-4000-8000-000000000000.png`;
    const res = await attach(clientA.idToken, dog.id, missing);
    expect(res.status).toBe(400);
    const key = await uploadPhoto(clientA.idToken, PNG_1X1);
    expect((await attach(clientA.idToken, 'no-such-dog', key)).status).toBe(404);
    expect((await attach(clientA.idToken, dog.id, '')).status).toBe(400);
  });

  it('serves SVG with its content type as an attachment; replacing deletes the previous object; removing deletes it', async () => {
    const dog = await dogOf(clientA.profileId);
    const svgKey = await uploadPhoto(admin.idToken, SVG, { contentType: 'image/svg+xml', fileName: 'logo.svg' });
    const svg = await attach(admin.idToken, dog.id, svgKey);
    expect(svg.status).toBe(200);
    const url = new URL(svg.body.dog.photoUrl);
    expect(url.searchParams.get('response-content-type')).toBe('image/svg+xml');
    expect(url.searchParams.get('response-content-disposition')).toBe('attachment');
    const served = await fetch(svg.body.dog.photoUrl);
    expect(served.headers.get('content-disposition')).toBe('attachment');
    expect(served.headers.get('content-type')).toBe('image/svg+xml');

    const pngKey = await uploadPhoto(clientA.idToken, PNG_1X1);
    const replaced = await attach(clientA.idToken, dog.id, pngKey);
    expect(replaced.status).toBe(200);
    expect(await readObjectStart(svgKey)).toBeUndefined();
    expect(await readObjectStart(pngKey)).toBeDefined();

    const removed = await api('DELETE', `/api/dogs/${dog.id}/photo`, { token: clientA.idToken });
    expect(removed.status).toBe(200);
    expect(removed.body.dog).not.toHaveProperty('photoUrl');
    expect(await readObjectStart(pngKey)).toBeUndefined();
    const stored = await findDog(dog.id);
    expect(stored?.photoKey).toBeUndefined();
    expect(stored?.photoContentType).toBeUndefined();
  });

  it('deleting a dog deletes its photo object', async () => {
    const dog = await dogOf(clientA.profileId);
    const key = await uploadPhoto(clientA.idToken, PNG_1X1);
    expect((await attach(clientA.idToken, dog.id, key)).status).toBe(200);
    expect((await api('DELETE', `/api/dogs/${dog.id}`, { token: admin.idToken })).status).toBe(204);
    expect(await readObjectStart(key)).toBeUndefined();
  });
});

describe('photos attached at the same moment', () => {
  it('leave one photo on the dog and no uploaded object that nothing points to', async () => {
    const dog = await dogOf(clientA.profileId, 'Twin Shot');
    const first = await uploadPhoto(clientA.idToken, PNG_1X1);
    expect((await attach(clientA.idToken, dog.id, first)).status).toBe(200);
    for (let round = 0; round < 3; round++) {
      const keys = await Promise.all([1, 2, 3].map(() => uploadPhoto(clientA.idToken, PNG_1X1)));
      const answers = await Promise.all(keys.map((key) => attach(clientA.idToken, dog.id, key)));
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200]);
      const kept = (await findDog(dog.id))?.photoKey;
      expect(keys).toContain(kept);
      for (const key of [first, ...keys]) {
        if (key !== kept) expect(await readObjectStart(key), key).toBeUndefined();
      }
      expect(await readObjectStart(kept as string)).toBeDefined();
    }
  });
});
