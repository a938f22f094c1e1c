/**
 * Object keys of the media bucket. S3 keys are literal names: `..` in a key is two dots, not a step up,
 * so a key can only "leave its prefix" where something resolves paths (a browser's or `fetch`'s URL
 * parser, a file-system store such as s3rver). The product therefore never uses a key with an empty,
 * `.` or `..` segment, a backslash or a control character, whoever chose it
 * (docs/decisions/0036-media-paths-and-object-keys.md).
 */

/** The prefix CloudFront serves at `/media/*` (the bucket policy grants its distribution `media/*` only). */
const PUBLIC_MEDIA_PREFIX = 'media/';

/** S3's longest key, in UTF-8 bytes. */
const MAX_KEY_BYTES = 1024;

/** Whether `key` is a plain object name: non-empty segments, none `.` or `..`, no backslash or control character. */
export function isPlainObjectKey(key: string): boolean {
  if (!key || Buffer.byteLength(key) > MAX_KEY_BYTES) return false;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
  if (/[\\\u0000-\u001f\u007f]/.test(key)) return false;
  return key.split('/').every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/** Whether `key` is a public media object's name: a plain key under `media/`. */
export const isPublicMediaKey = (key: string) => key.startsWith(PUBLIC_MEDIA_PREFIX) && isPlainObjectKey(key);

/** Refuses a key that is not plain before it reaches the bucket (a programming error, never a user's). */
export function assertPlainObjectKey(key: string): string {
  if (!isPlainObjectKey(key)) throw new Error(`Refused object key ${JSON.stringify(key.slice(0, 200))}`);
  return key;
}
