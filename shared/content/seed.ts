import type { ContentField } from '../contracts/content.js';
import { createContent, listPublishedContent } from '../domain/website-content.js';
import { BUILTIN_HERO, BUILTIN_PROGRAMS } from './builtin.js';

const field = (type: ContentField['type'], value: string): ContentField => ({ type, value });

/** The built-in hero as a content record's fields (SPEC 3 "CMS field sets per section": hero). */
export function builtinHeroFields(): Record<string, ContentField> {
  return {
    heading: field('text', BUILTIN_HERO.heading),
    subheading: field('textarea', BUILTIN_HERO.subheading),
    heading_color: field('color', BUILTIN_HERO.headingColor),
    subheading_color: field('color', BUILTIN_HERO.subheadingColor),
    background_image: field('image', BUILTIN_HERO.backgroundImage),
  };
}

/** The built-in programs as content records' fields (features stored as a JSON list string). */
export function builtinProgramRecords(): { title: string; sortOrder: number; fields: Record<string, ContentField> }[] {
  return BUILTIN_PROGRAMS.map((p) => ({
    title: p.title,
    sortOrder: p.order,
    fields: {
      program_title: field('text', p.title),
      description: field('rich_text', p.description),
      features: field('json', JSON.stringify(p.features)),
      color: field('color', p.color),
      price: field('text', p.price),
      duration: field('text', p.duration),
    },
  }));
}

/**
 * Writes the built-in hero and programs as published records. A section that already has published
 * records is left alone, so running it again never duplicates or overwrites edited content. The
 * section definitions themselves (website_sections) are seeded by the runtime (infra/local/seed.ts).
 */
export async function seedBuiltinContent(): Promise<void> {
  if ((await listPublishedContent('hero')).length === 0) {
    await createContent({ sectionKey: 'hero', title: 'Home hero', status: 'published', fields: builtinHeroFields() });
  }
  if ((await listPublishedContent('programs')).length === 0) {
    for (const p of builtinProgramRecords()) {
      await createContent({
        sectionKey: 'programs',
        title: p.title,
        status: 'published',
        sortOrder: p.sortOrder,
        fields: p.fields,
      });
    }
  }
}
