import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { upsertSection } from '../../shared/domain/website-content.js';
import { REPO_ROOT } from './handlers.js';

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

const BUILTIN_SEED = join(REPO_ROOT, 'shared', 'content', 'seed.ts');

/**
 * Runs `seedBuiltinContent()` from shared/content/seed.ts when that module exists. Returns false
 * when it does not (yet): the runtime then tries again on the next start.
 */
export async function seedBuiltinContent(): Promise<boolean> {
  if (!existsSync(BUILTIN_SEED)) return false;
  const mod = (await import(pathToFileURL(BUILTIN_SEED).href)) as { seedBuiltinContent?: () => Promise<unknown> };
  if (typeof mod.seedBuiltinContent !== 'function') {
    throw new Error('shared/content/seed.ts does not export seedBuiltinContent()');
  }
  await mod.seedBuiltinContent();
  return true;
}
