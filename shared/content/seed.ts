import type { ContentField, PublicSection } from '../contracts/content.js';
import { createContent, listPublishedContent } from '../domain/website-content.js';
import { BUILTIN_HERO, BUILTIN_PROGRAMS } from './builtin.js';
import { BUILTIN_ABOUT, builtinAboutBullets } from './builtin-about.js';
import { BUILTIN_STORIES } from './builtin-stories.js';
import { BUILTIN_STORY_TEXTS } from './builtin-story-texts.js';
import { BUILTIN_TESTIMONIALS } from './builtin-testimonials.js';
import { BUILTIN_TIPS } from './builtin-tips.js';

const field = (type: ContentField['type'], value: string): ContentField => ({ type, value });

/** A content record to write: fields keyed as SPEC 3 "CMS field sets per section". */
export interface SeedRecord {
  /** Fixed content id: the built-in id, so live links (tips, stories) and list keys match the prerendered HTML. */
  id?: string;
  title: string;
  sortOrder: number;
  fields: Record<string, ContentField>;
}

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
export function builtinProgramRecords(): SeedRecord[] {
  return BUILTIN_PROGRAMS.map((p) => ({
    id: p.id,
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

/** The built-in about page (about_us). */
export function builtinAboutFields(): Record<string, ContentField> {
  const a = BUILTIN_ABOUT;
  return {
    hero_image: field('image', a.heroImage),
    main_heading: field('text', a.mainHeading),
    subheading: field('textarea', a.subheading),
    left_heading: field('text', a.leftHeading),
    left_content: field('rich_text', a.leftContent),
    left_block_heading: field('text', a.leftBlockHeading),
    left_block_bullets: field('textarea', builtinAboutBullets()),
    right_heading: field('text', a.rightHeading),
    right_content: field('rich_text', a.rightContent),
    mission: field('textarea', a.mission),
  };
}

/** The built-in tips, under their built-in ids. Tips have no sort order (sorted by date). */
export function builtinTipRecords(): SeedRecord[] {
  return BUILTIN_TIPS.map((t) => ({
    id: t.id,
    title: t.title,
    sortOrder: 0,
    fields: {
      title: field('text', t.title),
      excerpt: field('textarea', t.excerpt),
      content: field('rich_text', t.content),
      featured_image: field('image', t.featuredImage ?? ''),
      publish_date: field('date', t.publishDate),
      author: field('text', t.author),
      category: field('text', t.category),
      tags: field('text', t.tags.join(', ')),
      reading_time: field('text', t.readingTime),
      meta_description: field('textarea', t.metaDescription),
    },
  }));
}

export function builtinTestimonialRecords(): SeedRecord[] {
  return BUILTIN_TESTIMONIALS.map((t) => ({
    id: t.id,
    title: t.name,
    sortOrder: t.order,
    fields: {
      client_name: field('text', t.name),
      testimonial_text: field('textarea', t.text),
      photo: field('image', t.photo ?? ''),
      location: field('text', t.location),
    },
  }));
}

/** The built-in stories, with their slug as content id. */
export function builtinStoryRecords(): SeedRecord[] {
  return BUILTIN_STORIES.map((s) => ({
    id: s.slug,
    title: s.title,
    sortOrder: s.order,
    fields: {
      dog_name: field('text', s.dogName),
      breed: field('text', s.breed),
      image: field('image', s.image),
      challenge: field('textarea', s.challenge),
      achievement: field('textarea', s.achievement),
      duration: field('text', s.duration),
      story_content: field('rich_text', BUILTIN_STORY_TEXTS[s.slug] ?? ''),
      video_url: field('text', ''),
    },
  }));
}

/** Every public section's built-in records, in the order they are written. */
export function builtinSeedRecords(): [PublicSection, SeedRecord[]][] {
  return [
    ['hero', [{ title: 'Home hero', sortOrder: 0, fields: builtinHeroFields() }]],
    ['about_us', [{ title: 'About us', sortOrder: 0, fields: builtinAboutFields() }]],
    ['programs', builtinProgramRecords()],
    ['tips', builtinTipRecords()],
    ['testimonials', builtinTestimonialRecords()],
    ['success_stories', builtinStoryRecords()],
  ];
}

/**
 * Writes the built-in content of every public section (hero, about_us, programs, tips, testimonials,
 * success_stories) as published records, so the live pages and the built-in fallback show the same
 * content. A section that already has published records is left alone: running it again never
 * duplicates or overwrites edited content. The section definitions themselves (website_sections) are
 * seeded by the runtime (infra/local/seed.ts).
 */
export async function seedBuiltinContent(): Promise<void> {
  for (const [sectionKey, records] of builtinSeedRecords()) {
    if ((await listPublishedContent(sectionKey)).length > 0) continue;
    for (const r of records) {
      await createContent({
        id: r.id,
        sectionKey,
        title: r.title,
        status: 'published',
        sortOrder: r.sortOrder,
        fields: r.fields,
      });
    }
  }
}
