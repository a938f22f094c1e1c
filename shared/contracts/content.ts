import * as z from '../zod.js';

/** Sections of the public site's content store. */
export const PUBLIC_SECTIONS = ['hero', 'programs', 'tips', 'testimonials', 'success_stories', 'about_us'] as const;
export type PublicSection = (typeof PUBLIC_SECTIONS)[number];

export const publicSectionParams = z.object({
  section: z.enum(PUBLIC_SECTIONS, { error: `section must be one of ${PUBLIC_SECTIONS.join(', ')}` }),
});

export interface ContentField {
  type: 'text' | 'textarea' | 'rich_text' | 'color' | 'number' | 'date' | 'image' | 'json';
  value: string | null;
  data?: unknown;
}

/** A published content record as the public site receives it. */
export interface PublicContentRecord {
  id: string;
  title: string;
  sort_order: number;
  fields: Record<string, string | null>;
}

// ---------- The website editor (admin) ----------

/** A section key of the content store (the six public sections, or one the trainer's store adds). */
export const sectionKeyParams = z.strictObject({
  section: z.string({ error: 'section is required' }).check(z.regex(/^[a-z][a-z0-9_]{0,39}$/, 'section is not valid')),
});

export const contentIdParams = z.strictObject({
  id: z
    .string({ error: 'id is required' })
    .check(z.minLength(1, 'id is required'), z.maxLength(100, 'id is not valid')),
});

/** Field keys are checked against the section's field set by the domain (an unknown key is refused there). */
const fieldValues = z.record(
  z.string().check(z.maxLength(40, 'field key is not valid')),
  z.nullable(z.string().check(z.maxLength(50_000, 'The text is too long (at most 50,000 characters)'))),
);

const contentBody = {
  title: z.optional(z.string().check(z.maxLength(200, 'The title is too long (at most 200 characters)'))),
  status: z.enum(['published', 'draft'], { error: 'status must be published or draft' }),
  sortOrder: z
    .number({ error: 'sortOrder must be a number' })
    .check(z.int('sortOrder must be a whole number'), z.gte(0, 'sortOrder must be 0 or more'), z.lte(999_999)),
  fields: fieldValues,
};

/** POST /api/website/sections/{section}/content: a new record of the section. */
export const createContentRequest = z.strictObject(contentBody);

/** PUT /api/website/content/{id}: the whole record, with the version the editor loaded (optimistic check). */
export const updateContentRequest = z.strictObject({
  ...contentBody,
  version: z.number({ error: 'version is required' }).check(z.int(), z.gte(1), z.lte(1_000_000_000)),
});
export type ContentWrite = z.infer<typeof createContentRequest>;

/** DELETE /api/website/content/{id}?version=: the version the editor shows (optimistic check). */
export const deleteContentQuery = z.strictObject({
  version: z.optional(
    z.pipe(
      z.string().check(z.regex(/^[1-9]\d{0,8}$/, 'version must be a whole number')),
      z.transform((v: string) => Number(v)),
    ),
  ),
});

/** POST /api/website/uploads: a presigned upload of one image for a field of a section. */
export const contentImageUploadRequest = z.strictObject({
  section: sectionKeyParams.shape.section,
  fieldKey: z
    .string({ error: 'fieldKey is required' })
    .check(z.regex(/^[a-z][a-z0-9_]{0,39}$/, 'fieldKey is not valid')),
  contentType: z.enum(['image/jpeg', 'image/png', 'image/webp', 'image/svg+xml'], {
    error: 'Please select a valid image file (JPG, PNG, WebP, or SVG)',
  }),
  size: z
    .number({ error: 'size is required' })
    .check(z.int(), z.gte(1, 'The file is empty'), z.lte(10 * 1024 * 1024, 'File size must be less than 10MB')),
});

/** POST /api/website/images: process an uploaded image (checked, sanitized or made WebP) into the public media. */
export const processContentImageRequest = z.strictObject({
  key: z.string({ error: 'key is required' }).check(z.minLength(1), z.maxLength(300)),
});

/** A content record as the editor sees it (drafts included). */
export interface ContentRecord {
  id: string;
  sectionKey: string;
  title: string;
  status: 'published' | 'draft';
  sortOrder: number;
  fields: Record<string, ContentField>;
  version: number;
  createdBy?: string;
  updatedBy?: string;
  /** The name of the person who saved it last (the list's "updated by"). */
  updatedByName?: string;
  createdAt: string;
  updatedAt: string;
}

export interface WebsiteSection {
  sectionKey: string;
  displayName: string;
  description?: string;
  sectionType: 'single' | 'collection';
  sortOrder: number;
}

/** What processing an uploaded image stored: the public path and, for a raster image, its WebP widths. */
export interface ProcessedImage {
  path: string;
  contentType: 'image/webp' | 'image/svg+xml';
  variants: { width: number; path: string }[];
}
