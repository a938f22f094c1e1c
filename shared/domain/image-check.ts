/**
 * What an uploaded image really is, from its first bytes (never from its name): JPEG, PNG, WebP or
 * SVG (an XML/SVG text document whose root element is <svg>). Anything else is undefined.
 */
export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/svg+xml';

export const IMAGE_EXTENSIONS: Record<ImageType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
};

/** SPEC 5/9: images up to 10 MB. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

export function sniffImageType(head: Uint8Array): ImageType | undefined {
  const b = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'image/png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP')
    return 'image/webp';
  // SVG: optional BOM, whitespace, XML declaration, comments and doctype, then the <svg root element.
  let text = b.toString('utf8').replace(/^\uFEFF/, '');
  for (;;) {
    const before = text;
    text = text
      .replace(/^\s+/, '')
      .replace(/^<\?xml[\s\S]*?\?>/, '')
      .replace(/^<!--[\s\S]*?-->/, '')
      .replace(/^<!DOCTYPE\s+svg[^>]*>/i, '');
    if (text === before) break;
  }
  if (/^<svg[\s>]/.test(text)) return 'image/svg+xml';
  return undefined;
}
