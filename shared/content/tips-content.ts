/**
 * Tips (SPEC 3 and 9): the store's records as the tips pages show them, their order, excerpts, dates and
 * reading times. Only the tips pages load this module.
 */
import { type PublicContentRecord, plainText, type Tip, text } from './public-content.js';

/** SPEC 9: tip excerpt length on the cards. */
export const TIP_EXCERPT_LENGTH = 180;
/** SPEC 3 tip defaults. */
export const TIP_DEFAULT_TITLE = 'Untitled Article';
export const TIP_DEFAULT_CONTENT = 'No content available.';

/** Comma-separated tags, trimmed, empties dropped. */
export const splitTags = (value: string | null | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);

/** Today as YYYY-MM-DD (SPEC 3: a tip without a date is dated today). */
const today = () => new Date().toISOString().slice(0, 10);

export function mapTips(records: PublicContentRecord[]): Tip[] {
  return sortTips(
    records.map((r) => {
      const f = r.fields;
      const content = text(f, 'content') || TIP_DEFAULT_CONTENT;
      return {
        id: r.id,
        title: text(f, 'title') || TIP_DEFAULT_TITLE,
        publishDate: text(f, 'publish_date') || today(),
        excerpt: text(f, 'excerpt'),
        content,
        author: text(f, 'author'),
        category: text(f, 'category'),
        tags: splitTags(f.tags),
        readingTime: formatReadingTime(text(f, 'reading_time'), content),
        featuredImage: text(f, 'featured_image') || undefined,
        metaDescription: text(f, 'meta_description'),
      };
    }),
  );
}

/** Newest first by publish date (SPEC 9; tips have no sort order). Invalid dates go last. */
export function sortTips(tips: Tip[]): Tip[] {
  const time = (t: Tip) => {
    const ms = Date.parse(t.publishDate);
    return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms;
  };
  return [...tips].sort((a, b) => time(b) - time(a));
}

/** "5 min read" from a number of minutes, the field's own text, or the content's length (200 words a minute). */
export function formatReadingTime(value: string, content: string): string {
  const v = value.trim();
  if (/^\d+$/.test(v)) return `${v} min read`;
  if (v) return v;
  const words = plainText(content).split(' ').filter(Boolean).length;
  return `${Math.max(1, Math.round(words / 200))} min read`;
}

/**
 * The card excerpt (SPEC 3 and 9): the excerpt, else the content's plain text, cut to at most 180
 * characters (back to the last whole word when that loses little), plus an ellipsis.
 */
export function tipExcerpt(tip: Pick<Tip, 'excerpt' | 'content'>): string {
  const source = plainText(tip.excerpt) || plainText(tip.content) || TIP_DEFAULT_CONTENT;
  let cut = source.slice(0, TIP_EXCERPT_LENGTH);
  if (source.length > TIP_EXCERPT_LENGTH && /\S/.test(source[TIP_EXCERPT_LENGTH])) {
    const space = cut.lastIndexOf(' ');
    if (space >= TIP_EXCERPT_LENGTH - 30) cut = cut.slice(0, space);
  }
  return `${cut.trimEnd().replace(/[,;:]$/, '')}...`;
}

/** "March 4, 2025" (US long format). Date-only values are calendar dates: formatted in UTC. */
export function formatLongDate(value: string): string {
  const date = /^\d{4}-\d{2}-\d{2}$/.test(value) ? new Date(`${value}T00:00:00Z`) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: /^\d{4}-\d{2}-\d{2}$/.test(value) ? 'UTC' : undefined,
  });
}

/** Tips article lookup: the route id matched as a string. */
export const findTip = (tips: Tip[], id: string | undefined): Tip | undefined =>
  id === undefined ? undefined : tips.find((t) => String(t.id) === String(id));
