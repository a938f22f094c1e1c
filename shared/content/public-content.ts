/**
 * The public site's content model (SPEC 3 "Public content shapes"), its texts and constants, and the
 * mapping from the content store's records (`GET /api/public/content/{section}`) to what the pages
 * show. Zod-free and import-free at run time: public page chunks import it without pulling a validator.
 */
import type { PublicContentRecord } from '../contracts/content.js';
import type { HeroContent } from './builtin.js';

export type { HeroContent, PublicContentRecord };

/** SPEC 9: default images. */
export const DEFAULT_ABOUT_HERO_IMAGE = '/default-about-hero.jpg';
export const DEFAULT_HERO_HEADING_COLOR = '#ffffff';
/** Shown when a story's or tip's own image is missing or fails (a product-made illustration). */
export const DEFAULT_STORY_IMAGE = '/images/default-dog.webp';

/** Texts of the content lists and views (SPEC 2 and 8), used exactly as written there. */
export const CONTENT_TEXTS = {
  programsEmpty: 'No training programs available at the moment.',
  programsError: 'Error loading programs. Please try again later.',
  /** SPEC 8. */
  tipsEmpty: 'No articles found',
  tipsError: 'Error loading tips. Please try again later.',
  testimonialsEmpty: 'No testimonials available at the moment.',
  testimonialsError: 'Error loading testimonials. Please try again later.',
  /** The spec gives no wording for the grid's failure; this follows the other lists. */
  storiesError: 'Error loading success stories. Please try again later.',
  aboutError: 'Error loading about us content. Please try again later.',
  aboutEmpty: 'About us content not available at the moment.',
  articleNotFoundTitle: 'Article Not Found',
  articleNotFoundText: 'The requested article could not be found.',
  /** SPEC 8: the lookup's own text, said beside the not-found view's. */
  articleNotFound: 'Article not found',
  storyNotFoundTitle: 'Story Not Found',
  storyError: (message: string) => `Error loading success story: ${message}`,
  linkCopied: 'Link copied to clipboard!',
} as const;

/** SPEC 9: the copy toast shows for 3 s. */
export const COPY_TOAST_MS = 3000;

/** Public media areas read for public URLs (SPEC 7 "Storage"). */
export type MediaArea = 'hero' | 'testimonials' | 'success_stories' | 'about_us';

export interface Tip {
  id: string;
  title: string;
  /** YYYY-MM-DD (or an ISO timestamp). */
  publishDate: string;
  /** The excerpt field as entered (may be empty; the cards fall back to the content). */
  excerpt: string;
  content: string;
  author: string;
  category: string;
  tags: string[];
  readingTime: string;
  featuredImage?: string;
  metaDescription: string;
}

export interface Testimonial {
  id: string;
  name: string;
  location: string;
  text: string;
  /** Resolved photo URL; absent means the generated avatar. */
  photo?: string;
  order: number;
}

export interface SuccessStory {
  /** What /success-stories/{id} links with: the slug of a built-in story, else the content id. */
  id: string;
  title: string;
  dogName: string;
  breed: string;
  image: string;
  imageAlt: string;
  challenge: string;
  achievement: string;
  duration: string;
  story: string;
  videoUrl?: string;
  order: number;
}

/**
 * A built-in story (SPEC 3: id, slug, title, dogName, breed, challenge, achievement, duration, fullStory,
 * imageAlt); its fullStory is in builtin-story-texts.ts, by slug.
 */
export interface BuiltinStory {
  id: number;
  slug: string;
  title: string;
  dogName: string;
  breed: string;
  image: string;
  imageAlt: string;
  challenge: string;
  achievement: string;
  duration: string;
  order: number;
}

export interface AboutContent {
  heroImage: string;
  mainHeading: string;
  subheading: string;
  leftHeading: string;
  leftContent: string;
  leftBlockHeading: string;
  /** left_block_bullets split on lines, blank lines dropped. */
  leftBlockContents: string[];
  rightHeading: string;
  rightContent: string;
  mission: string;
}

// ---------- Field helpers ----------

type Fields = Record<string, string | null | undefined>;

/** A field's trimmed text ('' when missing). */
export const text = (fields: Fields, key: string): string => (fields[key] ?? '').trim();

/** `#rgb`, `#rrggbb`, `#rrggbbaa`, rgb()/hsl() or a plain colour name; anything else is rejected. */
export function safeColor(value: string | null | undefined, fallback: string): string {
  const v = (value ?? '').trim();
  if (/^#(?:[0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/i.test(v)) return v;
  if (/^(?:rgb|rgba|hsl|hsla)\(\s*[\d.%\s,/]+\)$/i.test(v)) return v;
  if (/^[a-z]{3,20}$/i.test(v)) return v;
  return fallback;
}

/**
 * The URL of a content image or video: full http(s) URLs and site paths (`/images/...`) as they are,
 * a file name inside the public media area (`${mediaUrl}/website/<area>/<file>`), a `blob:` object URL
 * (the editor's preview of an image chosen but not yet uploaded). Other schemes (javascript:, data:, ...)
 * are never used.
 */
export function resolveMediaUrl(
  value: string | null | undefined,
  area: MediaArea,
  mediaUrl: string,
): string | undefined {
  const v = (value ?? '').trim();
  if (!v) return undefined;
  if (/^https?:\/\//i.test(v)) return v;
  if (v.startsWith('/') && !v.startsWith('//')) return v;
  if (/^blob:https?:\/\//i.test(v)) return v;
  if (/^[a-z][a-z0-9+.-]*:/i.test(v)) return undefined;
  const file = v
    .replace(/^\/+/, '')
    .split('/')
    .map((s) => encodeURIComponent(s))
    .join('/');
  return `${mediaUrl.replace(/\/+$/, '')}/website/${area}/${file}`;
}

/** Rich text as plain text (markup characters and heading marks removed), for excerpts and descriptions. */
export function plainText(value: string): string {
  return value
    .replace(/^#{1,3}\s+/gm, '')
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/\*(.+?)\*/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Ascending sort order (SPEC 9). */
export const bySortOrder = <T extends { order: number }>(a: T, b: T) => a.order - b.order;

// ---------- Testimonials ----------

export function mapTestimonials(records: PublicContentRecord[], mediaUrl: string): Testimonial[] {
  return records
    .map((r) => {
      const f = r.fields;
      return {
        id: r.id,
        name: text(f, 'client_name'),
        location: text(f, 'location'),
        text: text(f, 'testimonial_text'),
        photo: resolveMediaUrl(f.photo, 'testimonials', mediaUrl),
        order: r.sort_order,
      };
    })
    .filter((t) => t.name && t.text)
    .sort(bySortOrder);
}

// ---------- Success stories ----------

/** A built-in story as the pages show it; `fullStory` (builtin-story-texts.ts) only for the story page. */
export const storyFromBuiltin = (s: BuiltinStory, fullStory = ''): SuccessStory => ({
  id: s.slug,
  title: s.title,
  dogName: s.dogName,
  breed: s.breed,
  image: s.image,
  imageAlt: s.imageAlt,
  challenge: s.challenge,
  achievement: s.achievement,
  duration: s.duration,
  story: fullStory,
  order: s.order,
});

/** Stories from the store; a record written from a built-in story (same id) keeps that story's image text. */
export function mapStories(
  records: PublicContentRecord[],
  mediaUrl: string,
  builtin: BuiltinStory[] = [],
): SuccessStory[] {
  return records
    .map((r) => {
      const f = r.fields;
      const dogName = text(f, 'dog_name');
      const breed = text(f, 'breed');
      const challenge = text(f, 'challenge');
      const image = resolveMediaUrl(f.image, 'success_stories', mediaUrl) ?? DEFAULT_STORY_IMAGE;
      const known = builtin.find((b) => b.slug === r.id && b.image === image);
      return {
        id: r.id,
        title: r.title?.trim() || dogName,
        dogName,
        breed,
        image,
        imageAlt: known?.imageAlt ?? (breed ? `${dogName}, ${breed}` : dogName),
        challenge,
        achievement: text(f, 'achievement'),
        duration: text(f, 'duration'),
        story: text(f, 'story_content') || challenge,
        videoUrl: resolveMediaUrl(f.video_url, 'success_stories', mediaUrl),
        order: r.sort_order,
      };
    })
    .filter((s) => s.dogName)
    .sort(bySortOrder);
}

/** A built-in story by slug or numeric id (SPEC 2 /success-stories/{id}). */
export function findBuiltinStory(stories: BuiltinStory[], id: string | undefined): BuiltinStory | undefined {
  if (!id) return undefined;
  return stories.find((s) => s.slug === id || String(s.id) === id);
}

// ---------- Single sections: hero, about ----------

/** The hero from its record; every missing field takes its default. */
export function mapHero(record: PublicContentRecord | undefined, mediaUrl: string, defaults: HeroContent): HeroContent {
  const f = record?.fields ?? {};
  return {
    heading: text(f, 'heading') || defaults.heading,
    subheading: text(f, 'subheading') || defaults.subheading,
    headingColor: safeColor(f.heading_color, defaults.headingColor || DEFAULT_HERO_HEADING_COLOR),
    subheadingColor: safeColor(f.subheading_color, defaults.subheadingColor),
    backgroundImage: resolveMediaUrl(f.background_image, 'hero', mediaUrl) ?? defaults.backgroundImage,
  };
}

// ---------- List states (SPEC 4) ----------

export type ListStatus = 'ready' | 'empty' | 'error';

export interface ListState<T> {
  status: ListStatus;
  items: T[];
  /** Where the items come from: the built-in content or the store. */
  source: 'builtin' | 'live';
  error?: string;
}

export interface FallbackPolicy {
  /** Show the built-in content when the store has no published records. */
  onEmpty: boolean;
  /** Show the built-in content when the fetch fails. */
  onError: boolean;
}

/**
 * SPEC 4: programs and tips fall back to the built-in content on empty or error; testimonials on both;
 * success stories never (empty grid, error text).
 */
export const FALLBACK: Record<'programs' | 'tips' | 'testimonials' | 'success_stories', FallbackPolicy> = {
  programs: { onEmpty: true, onError: true },
  tips: { onEmpty: true, onError: true },
  testimonials: { onEmpty: true, onError: true },
  success_stories: { onEmpty: false, onError: false },
};

/** The state a list settles in once the store answered (or failed). */
export function settleList<T>(
  result: { ok: true; items: T[] } | { ok: false; error: string },
  builtin: T[],
  policy: FallbackPolicy,
): ListState<T> {
  if (result.ok && result.items.length > 0) return { status: 'ready', items: result.items, source: 'live' };
  if (result.ok) {
    return policy.onEmpty && builtin.length > 0
      ? { status: 'ready', items: builtin, source: 'builtin' }
      : { status: 'empty', items: [], source: 'live' };
  }
  return policy.onError && builtin.length > 0
    ? { status: 'ready', items: builtin, source: 'builtin', error: result.error }
    : { status: 'error', items: [], source: 'live', error: result.error };
}
