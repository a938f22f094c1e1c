/**
 * What an image picker (dog photos, website images) accepts before anything is uploaded (SPEC 5/9: JPG, PNG, WebP or SVG,
 * at most 10 MB). The server checks the stored object again by its bytes.
 */
export const PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/svg+xml'] as const;
export type PhotoType = (typeof PHOTO_TYPES)[number];

export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;
export const INVALID_PHOTO = 'Please select a valid image file (JPG, PNG, WebP, or SVG)';
export const PHOTO_TOO_LARGE = 'File size must be less than 10MB';
export const PHOTO_ACCEPT = '.jpg,.jpeg,.png,.webp,.svg,image/jpeg,image/png,image/webp,image/svg+xml';

const BY_EXTENSION: Record<string, PhotoType> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

/** The content type to declare for a file: the browser's type when it is one we take, else by extension. */
export function photoTypeOf(file: Pick<File, 'name' | 'type'>): PhotoType | undefined {
  if ((PHOTO_TYPES as readonly string[]).includes(file.type)) return file.type as PhotoType;
  if (file.type && file.type !== 'application/octet-stream') return undefined;
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  return BY_EXTENSION[ext];
}

/** The spec's message for a file that cannot be a dog photo, or undefined when it may be uploaded. */
export function checkPhotoFile(file: Pick<File, 'name' | 'type' | 'size'>): string | undefined {
  if (!photoTypeOf(file)) return INVALID_PHOTO;
  if (file.size > MAX_PHOTO_BYTES) return PHOTO_TOO_LARGE;
  if (file.size === 0) return INVALID_PHOTO;
  return undefined;
}
