/**
 * What the website editor edits (SPEC 3 "CMS field sets per section", SPEC 5, SPEC 8): each section's
 * fields with their type and whether they are required, and the rules a saved value follows. Shared by
 * the server (it validates and normalizes every write) and the editor (inputs, required markers).
 * Zod-free and import-free at run time.
 */

export const FIELD_TYPES = ['text', 'textarea', 'rich_text', 'color', 'number', 'date', 'image', 'json'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

export interface FieldDef {
  key: string;
  label: string;
  type: FieldType;
  required?: boolean;
  /** Stored as a JSON list, edited one item per line (program features). */
  lines?: boolean;
  /** A new record's value is today's date (a tip's publish date). */
  defaultToday?: boolean;
}

const f = (key: string, label: string, type: FieldType, more: Partial<FieldDef> = {}): FieldDef => ({
  key,
  label,
  type,
  ...more,
});
const req = { required: true } as const;

/** SPEC 3: the field sets, required ones marked. */
export const SECTION_FIELDS: Record<string, readonly FieldDef[]> = {
  hero: [
    f('heading', 'Heading', 'text', req),
    f('subheading', 'Subheading', 'textarea', req),
    f('heading_color', 'Heading colour', 'color'),
    f('subheading_color', 'Subheading colour', 'color'),
    f('background_image', 'Background image', 'image'),
  ],
  testimonials: [
    f('client_name', 'Client name', 'text', req),
    f('testimonial_text', 'Testimonial', 'textarea', req),
    f('photo', 'Photo', 'image'),
    f('location', 'Location', 'text'),
  ],
  programs: [
    f('program_title', 'Program title', 'text', req),
    f('description', 'Description', 'rich_text', req),
    f('features', 'Features (one per line)', 'json', { ...req, lines: true }),
    f('color', 'Colour', 'color'),
    f('price', 'Price', 'text'),
    f('duration', 'Duration', 'text'),
  ],
  about_us: [
    f('hero_image', 'Hero image', 'image', req),
    f('main_heading', 'Main heading', 'text', req),
    f('subheading', 'Subheading', 'textarea', req),
    f('left_heading', 'Left heading', 'text', req),
    f('left_content', 'Left content', 'rich_text', req),
    f('left_block_heading', 'Checklist heading', 'text'),
    f('left_block_bullets', 'Checklist (one per line)', 'textarea'),
    f('right_heading', 'Right heading', 'text', req),
    f('right_content', 'Right content', 'rich_text', req),
    f('mission', 'Our Mission', 'textarea', req),
  ],
  tips: [
    f('title', 'Title', 'text', req),
    f('excerpt', 'Excerpt', 'textarea', req),
    f('content', 'Content', 'rich_text', req),
    f('featured_image', 'Featured image', 'image'),
    f('publish_date', 'Publish date', 'date', { ...req, defaultToday: true }),
    f('author', 'Author', 'text'),
    f('category', 'Category', 'text'),
    f('tags', 'Tags (comma-separated)', 'text'),
    f('reading_time', 'Reading time', 'text'),
    f('meta_description', 'Meta description', 'textarea'),
  ],
  success_stories: [
    f('dog_name', 'Dog name', 'text', req),
    f('breed', 'Breed', 'text', req),
    f('image', 'Image', 'image', req),
    f('challenge', 'The Challenge', 'textarea', req),
    f('achievement', 'The Achievement', 'textarea', req),
    f('duration', 'Training Duration', 'text', req),
    f('story_content', 'Full story', 'rich_text'),
    f('video_url', 'Video URL', 'text'),
  ],
};

/** SPEC 3: a section not listed gets one rich-text `content` field. */
const OTHER_SECTION_FIELDS: readonly FieldDef[] = [f('content', 'Content', 'rich_text')];

export function fieldsOf(sectionKey: string): readonly FieldDef[] {
  return Object.hasOwn(SECTION_FIELDS, sectionKey) ? SECTION_FIELDS[sectionKey] : OTHER_SECTION_FIELDS;
}

/** The field whose value names a record in the content list (its title). */
export function titleFieldOf(sectionKey: string): string {
  return fieldsOf(sectionKey)[0].key;
}

/** SPEC 8: the editor's texts, word for word. */
export const CMS_TEXTS = {
  deleteFailed: 'Error deleting content',
  saveFailed: (message: string) => `Error saving content: ${message}`,
  uploadFailed: (message: string) => `Upload failed: ${message}`,
  /** The second of two trainers saving the same record (optimistic version check). */
  staleVersion:
    'Someone else saved this content after you opened it. Reload to see their version, then make your change again.',
} as const;

/** SPEC 5: features one per line, trimmed, empty lines dropped. */
export function linesToList(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** A stored list (a JSON list of strings, or text one item per line) as the editor's lines. */
export function listToLines(value: string | null | undefined): string {
  const v = (value ?? '').trim();
  if (!v) return '';
  try {
    const parsed: unknown = JSON.parse(v);
    if (Array.isArray(parsed)) return parsed.map(String).join('\n');
    if (parsed && typeof parsed === 'object') return Object.values(parsed).map(String).join('\n');
  } catch {
    // Not JSON: lines as they are.
  }
  return v;
}

/** Today as YYYY-MM-DD in the browser's or server's local calendar. */
export function todayIso(now = new Date()): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${p(now.getMonth() + 1)}-${p(now.getDate())}`;
}

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{6})$/i;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Checks and normalizes a record's field values for `sectionKey`: unknown keys are refused, required
 * fields must not be empty, each type's value must be well formed; a list field is stored as a JSON
 * list. Answers the stored values, or the problems per field.
 */
export function normalizeFields(
  sectionKey: string,
  values: Record<string, string | null | undefined>,
):
  | { ok: true; fields: Record<string, { type: FieldType; value: string }> }
  | { ok: false; problems: Record<string, string> } {
  const defs = fieldsOf(sectionKey);
  const problems: Record<string, string> = {};
  for (const key of Object.keys(values)) {
    if (!defs.some((d) => d.key === key)) problems[key] = `${key} is not a field of this section`;
  }
  const fields: Record<string, { type: FieldType; value: string }> = {};
  for (const d of defs) {
    let v = (values[d.key] ?? '').trim();
    if (d.lines) v = linesToList(listToLines(v)).length ? JSON.stringify(linesToList(listToLines(v))) : '';
    if (!v && d.defaultToday) v = todayIso();
    if (!v) {
      if (d.required) problems[d.key] = `${d.label} is required`;
      fields[d.key] = { type: d.type, value: '' };
      continue;
    }
    if (d.type === 'color' && !HEX.test(v)) problems[d.key] = `${d.label} must be a colour like #2563eb`;
    if (d.type === 'date' && (!DATE.test(v) || Number.isNaN(Date.parse(v)))) {
      problems[d.key] = `${d.label} must be a date (YYYY-MM-DD)`;
    }
    if (d.type === 'number' && !Number.isFinite(Number(v))) problems[d.key] = `${d.label} must be a number`;
    if (d.type === 'image' && !isImageReference(v)) {
      problems[d.key] = `${d.label} must be an uploaded image, a site path or an https address`;
    }
    if (d.type === 'json' && !d.lines) {
      try {
        JSON.parse(v);
      } catch {
        problems[d.key] = `${d.label} must be valid JSON`;
      }
    }
    fields[d.key] = { type: d.type, value: v };
  }
  return Object.keys(problems).length ? { ok: false, problems } : { ok: true, fields };
}

/** An image value: a site path (`/media/...`, `/images/...`), an http(s) address, or a bare file name. */
function isImageReference(v: string): boolean {
  if (/^https?:\/\/[^\s]+$/i.test(v)) return true;
  if (/^\/(?!\/)[^\s]*$/.test(v)) return true;
  return /^[\w.-]+$/.test(v) && !/^[a-z][a-z0-9+.-]*:/i.test(v);
}

/** Widths of the WebP variants made of an uploaded raster image (never wider than the original). */
export const IMAGE_VARIANT_WIDTHS = [480, 960, 1600] as const;

/** `background_image-1732612345678.webp` -> its variant of `width`: `background_image-1732612345678-960w.webp`. */
export function variantPath(path: string, width: number): string {
  return path.replace(/\.webp$/, `-${width}w.webp`);
}
