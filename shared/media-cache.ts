/**
 * How long browsers and the CDN may keep an uploaded media object: a key is never written twice (every
 * upload gets a new one), so a year, without revalidation. Set on each object at upload
 * (shared/adapters/storage.ts) and by the CDN's `/media/*` behavior for objects stored without it
 * (infra/cloud/web-stack.ts).
 */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
