import { upsertSection } from '../domain/website-content.js';

/**
 * The six sections of the public site's content store (SPEC: website_sections). shared/content/seed.ts
 * writes the built-in content of each of them, so the two seeds agree.
 */
export const WEBSITE_SECTIONS = [
  { sectionKey: 'hero', displayName: 'Hero', sectionType: 'single', description: 'Home page hero' },
  { sectionKey: 'programs', displayName: 'Programs', sectionType: 'collection', description: 'Training programs' },
  { sectionKey: 'about_us', displayName: 'About Us', sectionType: 'single', description: 'The about page' },
  { sectionKey: 'tips', displayName: 'Training Tips', sectionType: 'collection', description: 'Articles for owners' },
  { sectionKey: 'testimonials', displayName: 'Testimonials', sectionType: 'collection', description: 'Client quotes' },
  {
    sectionKey: 'success_stories',
    displayName: 'Success Stories',
    sectionType: 'collection',
    description: 'Dogs that changed',
  },
] as const;

export async function seedSections(): Promise<void> {
  for (const [i, s] of WEBSITE_SECTIONS.entries()) {
    await upsertSection({ ...s, sortOrder: i + 1 });
  }
}
