import { type FallbackPolicy, type ListState, settleList } from '#shared/content/public-content';
import type { PublicContentRecord, PublicSection } from '#shared/contracts/content';
import { useSectionRecords } from './published';

export interface ContentListOptions<T> {
  /** The built-in content: shown when the page has no records of the section, and as fallback. */
  builtin: T[];
  /** Records of the store to items (sorted). */
  fromRecords(records: PublicContentRecord[], mediaUrl: string): T[];
  /** When the built-in content replaces an empty or unreadable section (SPEC 4). */
  fallback: FallbackPolicy;
}

/**
 * A public content list from the content the page was rendered with (lib/content/published.tsx): the
 * section's published records, or the built-in fallback, the empty state or the error state as the
 * section's rule says. A page without records of the section shows the built-in items.
 */
export function useContentList<T>(section: PublicSection, options: ContentListOptions<T>): ListState<T> {
  const { records, mediaUrl } = useSectionRecords(section);
  const { builtin, fromRecords, fallback } = options;
  if (!records) return { status: 'ready', items: builtin, source: 'builtin' };
  let items: T[];
  try {
    items = fromRecords(records, mediaUrl);
  } catch (e) {
    return settleList({ ok: false, error: (e as Error).message }, builtin, fallback);
  }
  return settleList({ ok: true, items }, builtin, fallback);
}

export type SingleState<T> = { status: 'ready'; value: T; source: 'builtin' | 'live' } | { status: 'empty' };

/**
 * A single-record section (hero, about_us): the section's first published record, or the built-in value
 * when the page has no records of the section or the record cannot be read (SPEC 4); a section without a
 * record is `empty` unless `defaultsOnEmpty`.
 */
export function useContentSingle<T>(
  section: PublicSection,
  options: {
    builtin: T;
    fromRecord(record: PublicContentRecord, mediaUrl: string): T;
    defaultsOnEmpty: boolean;
  },
): SingleState<T> {
  const { records, mediaUrl } = useSectionRecords(section);
  const { builtin, fromRecord, defaultsOnEmpty } = options;
  if (!records) return { status: 'ready', value: builtin, source: 'builtin' };
  const first = records[0];
  if (!first) return defaultsOnEmpty ? { status: 'ready', value: builtin, source: 'builtin' } : { status: 'empty' };
  try {
    return { status: 'ready', value: fromRecord(first, mediaUrl), source: 'live' };
  } catch (e) {
    console.warn(`[content] ${section}: ${(e as Error).message}`);
    return { status: 'ready', value: builtin, source: 'builtin' };
  }
}
