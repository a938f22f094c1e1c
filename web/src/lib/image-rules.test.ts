import { describe, expect, it } from 'vitest';
import { checkPhotoFile, INVALID_PHOTO, MAX_PHOTO_BYTES, PHOTO_TOO_LARGE, photoTypeOf } from './image-rules';

const file = (name: string, type: string, size = 100) => ({ name, type, size });

describe('dog photo rules (before upload)', () => {
  it('takes JPG, PNG, WebP and SVG by type, or by extension when the browser gives no type', () => {
    expect(photoTypeOf(file('a.jpg', 'image/jpeg'))).toBe('image/jpeg');
    expect(photoTypeOf(file('a.png', 'image/png'))).toBe('image/png');
    expect(photoTypeOf(file('a.webp', 'image/webp'))).toBe('image/webp');
    expect(photoTypeOf(file('a.svg', 'image/svg+xml'))).toBe('image/svg+xml');
    expect(photoTypeOf(file('A.JPEG', ''))).toBe('image/jpeg');
    expect(photoTypeOf(file('a.svg', 'application/octet-stream'))).toBe('image/svg+xml');
    expect(photoTypeOf(file('a.gif', 'image/gif'))).toBeUndefined();
    expect(photoTypeOf(file('a.png', 'text/html'))).toBeUndefined();
    expect(photoTypeOf(file('noext', ''))).toBeUndefined();
  });

  it('answers the spec texts for a wrong type, an empty file and a file over 10MB', () => {
    expect(checkPhotoFile(file('a.png', 'image/png'))).toBeUndefined();
    expect(checkPhotoFile(file('a.png', 'image/png', MAX_PHOTO_BYTES))).toBeUndefined();
    expect(checkPhotoFile(file('a.png', 'image/png', MAX_PHOTO_BYTES + 1))).toBe(PHOTO_TOO_LARGE);
    expect(checkPhotoFile(file('a.pdf', 'application/pdf'))).toBe(INVALID_PHOTO);
    expect(checkPhotoFile(file('a.png', 'image/png', 0))).toBe(INVALID_PHOTO);
    expect(INVALID_PHOTO).toBe('Please select a valid image file (JPG, PNG, WebP, or SVG)');
    expect(PHOTO_TOO_LARGE).toBe('File size must be less than 10MB');
  });
});
