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
