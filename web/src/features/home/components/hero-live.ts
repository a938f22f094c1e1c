import { BUILTIN_HERO, type HeroContent } from '../../../../../shared/content/builtin';
import { mapHero } from '../../../../../shared/content/public-content';
import { fetchSection } from '../../../lib/content/fetch-section';

/**
 * The hero from the store (loaded after hydration, in its own chunk). No record or a missing field
 * takes the built-in default; a failure is logged and keeps the defaults (SPEC 8 "Hero failure").
 */
export async function loadHeroContent(): Promise<HeroContent> {
  try {
    const { records, mediaUrl } = await fetchSection('hero');
    return mapHero(records[0], mediaUrl, BUILTIN_HERO);
  } catch (e) {
    console.warn(`[content] hero: ${e instanceof Error ? e.message : String(e)}; showing the default hero`);
    return BUILTIN_HERO;
  }
}
