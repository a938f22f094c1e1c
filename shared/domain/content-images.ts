import { deleteObject, presignUpload, putObject, readObject } from '../adapters/storage.js';
import { fieldsOf, IMAGE_VARIANT_WIDTHS, variantPath } from '../content/cms-fields.js';
import type { ProcessedImage } from '../contracts/content.js';
import { AppError } from '../errors.js';
import { IMAGE_EXTENSIONS, type ImageType, MAX_IMAGE_BYTES } from './image-check.js';
import { checkUploadedImage, INVALID_IMAGE } from './photos.js';

/**
 * Website images (SPEC 5, 7 "Storage", 9): the browser uploads to a private prefix with a presigned
 * POST; the server then checks what was stored (size, magic bytes), makes the public files under
 * `media/website/{section}/` (the key is the URL path under CloudFront's `/media/*`), named field key +
 * timestamp + extension, and deletes the upload. An SVG is sanitized (no script, handlers, foreign
 * content or `javascript:` links survive); a raster image becomes WebP files in a few widths.
 */

/** Where uploads wait for their check: outside `media/`, so nothing unchecked is ever public. */
const UPLOAD_PREFIX = 'uploads/website/';
const PUBLIC_PREFIX = 'media/website/';
const UPLOAD_KEY = /^uploads\/website\/([a-z][a-z0-9_]{0,39})\/([a-z][a-z0-9_]{0,39})-(\d{13})\.(jpg|png|webp|svg)$/;

/** The largest width stored; wider images are scaled down (a hero is at most 1600 CSS px wide here). */
const MAX_WIDTH = 1600;
const WEBP_QUALITY = 78;

export async function createContentImageUpload(input: {
  section: string;
  fieldKey: string;
  contentType: ImageType;
  size: number;
}) {
  const field = fieldsOf(input.section).find((f) => f.key === input.fieldKey);
  if (field?.type !== 'image')
    throw new AppError('VALIDATION', `${input.fieldKey} is not an image field of this section`);
  const key = `${UPLOAD_PREFIX}${input.section}/${input.fieldKey}-${Date.now()}.${IMAGE_EXTENSIONS[input.contentType]}`;
  const upload = await presignUpload(key, input.contentType, MAX_IMAGE_BYTES);
  return { url: upload.url, fields: upload.fields, key: upload.key, maxBytes: upload.maxBytes };
}

/** DOMPurify over jsdom, loaded on first use (only this step needs a DOM). */
async function sanitizeSvg(text: string): Promise<string> {
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
  const window = new JSDOM('').window;
  try {
    const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);
    // The root element onwards (the XML declaration, comments and doctype go).
    const body = text.replace(/^[\s\S]*?(?=<svg[\s>])/, '');
    const fragment = purify.sanitize(body, {
      USE_PROFILES: { svg: true, svgFilters: true },
      RETURN_DOM_FRAGMENT: true,
      // Foreign content can carry HTML; <use> can pull in another document.
      FORBID_TAGS: ['foreignObject', 'use', 'script'],
    });
    const svg = fragment.firstElementChild;
    if (svg?.localName !== 'svg') throw new AppError('VALIDATION', INVALID_IMAGE);
    return `<?xml version="1.0" encoding="UTF-8"?>\n${new window.XMLSerializer().serializeToString(svg)}`;
  } finally {
    window.close();
  }
}

/** WebP files of a raster image: the main one at most MAX_WIDTH wide, and each narrower variant width. */
async function webpVariants(input: Buffer) {
  const { default: sharp } = await import('sharp');
  const meta = await sharp(input, { failOn: 'error' }).metadata();
  const width = Math.min(meta.width ?? MAX_WIDTH, MAX_WIDTH);
  const encode = (w: number) =>
    sharp(input, { failOn: 'error' })
      .rotate()
      .resize({ width: w, withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  const widths = IMAGE_VARIANT_WIDTHS.filter((w) => w < width);
  return {
    main: await encode(width),
    width,
    variants: await Promise.all(widths.map(async (w) => ({ width: w, body: await encode(w) }))),
  };
}

/**
 * Turns an upload into the public files of a website image and deletes the upload. Only keys this API
 * hands out are accepted; a file that is not what it claims, or too large, is deleted and refused.
 */
export async function processContentImage(key: string): Promise<ProcessedImage> {
  const m = UPLOAD_KEY.exec(key);
  if (!m) throw new AppError('FORBIDDEN', 'You can only use an image uploaded through the editor');
  const [, section, fieldKey, stamp] = m;
  const type = await checkUploadedImage(key);
  const bytes = await readObject(key, MAX_IMAGE_BYTES);
  if (!bytes) throw new AppError('VALIDATION', 'The uploaded file was not found. Please upload it again.');
  const base = `${PUBLIC_PREFIX}${section}/${fieldKey}-${stamp}`;
  try {
    if (type === 'image/svg+xml') {
      const clean = await sanitizeSvg(bytes.toString('utf8'));
      await putObject(`${base}.svg`, clean, 'image/svg+xml');
      return { path: `/${base}.svg`, contentType: 'image/svg+xml', variants: [] };
    }
    let made: Awaited<ReturnType<typeof webpVariants>>;
    try {
      made = await webpVariants(bytes);
    } catch (e) {
      if (e instanceof AppError) throw e;
      throw new AppError(
        'VALIDATION',
        'The image could not be read. Please select a valid image file (JPG, PNG, WebP, or SVG)',
      );
    }
    const main = `${base}.webp`;
    await putObject(main, made.main, 'image/webp');
    for (const v of made.variants) await putObject(variantPath(main, v.width), v.body, 'image/webp');
    return {
      path: `/${main}`,
      contentType: 'image/webp',
      variants: [
        ...made.variants.map((v) => ({ width: v.width, path: `/${variantPath(main, v.width)}` })),
        { width: made.width, path: `/${main}` },
      ],
    };
  } finally {
    await deleteObject(key);
  }
}

/** A public website image this API made: `/media/website/{section}/{field}-{stamp}.webp|svg`. */
const PUBLIC_IMAGE = /^\/media\/website\/([a-z][a-z0-9_]{0,39})\/([a-z][a-z0-9_]{0,39})-(\d{13})\.(webp|svg)$/;

/**
 * The images made for a save that did not happen: values of `fields` that name an image this API made
 * for that field, and that no stored record names (`isNamed`). Each is deleted with its WebP variants,
 * so a failed save leaves nothing public.
 */
export async function deleteUnsavedImages(
  fields: Record<string, string | null>,
  isNamed: (section: string, path: string) => Promise<boolean>,
): Promise<void> {
  for (const [field, value] of Object.entries(fields)) {
    const m = value ? PUBLIC_IMAGE.exec(value) : null;
    if (!value || !m || m[2] !== field || (await isNamed(m[1], value))) continue;
    const main = value.slice(1);
    await deleteObject(main);
    if (main.endsWith('.webp')) for (const w of IMAGE_VARIANT_WIDTHS) await deleteObject(variantPath(main, w));
  }
}
