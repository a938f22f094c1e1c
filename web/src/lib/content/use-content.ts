import { useEffect, useRef, useState } from 'react';
import { type FallbackPolicy, type ListState, settleList } from '../../../../shared/content/public-content';
import type { PublicContentRecord, PublicSection } from '../../../../shared/contracts/content';
import { fetchSection } from './fetch-section';

export interface ContentListOptions<T> {
  /** The built-in content: shown while loading (so prerendered HTML and hydration agree) and as fallback. */
  builtin: T[];
  /** Records of the store to items (sorted). */
  fromRecords(records: PublicContentRecord[], mediaUrl: string): T[];
  /** When the built-in content replaces an empty or failed answer (SPEC 4). */
  fallback: FallbackPolicy;
  /** Show the built-in items while loading (default true); false shows the loading state instead. */
  builtinWhileLoading?: boolean;
}

/**
 * A public content list: starts with the built-in items (what the page was prerendered with), then
 * swaps in the store's records in place once they arrive, or settles on the built-in fallback, the
 * empty state or the error state as the section's rule says.
 */
export function useContentList<T>(section: PublicSection, options: ContentListOptions<T>): ListState<T> {
  const opts = useRef(options);
  opts.current = options;
  const [state, setState] = useState<ListState<T>>(() => ({
    status: 'loading',
    items: options.builtinWhileLoading === false ? [] : options.builtin,
    source: 'builtin',
  }));

  useEffect(() => {
    let active = true;
    fetchSection(section).then(
      ({ records, mediaUrl }) => {
        if (!active) return;
        const { builtin, fromRecords, fallback } = opts.current;
        let items: T[];
        try {
          items = fromRecords(records, mediaUrl);
        } catch (e) {
          setState(settleList({ ok: false, error: (e as Error).message }, builtin, fallback));
          return;
        }
        setState(settleList({ ok: true, items }, builtin, fallback));
      },
      (e: unknown) => {
        if (!active) return;
        const { builtin, fallback } = opts.current;
        const message = e instanceof Error ? e.message : String(e);
        console.warn(`[content] ${section}: ${message}`);
        setState(settleList({ ok: false, error: message }, builtin, fallback));
      },
    );
    return () => {
      active = false;
    };
  }, [section]);

  return state;
}

export type SingleState<T> =
  | { status: 'loading'; value: T }
  | { status: 'ready'; value: T; source: 'builtin' | 'live' }
  | { status: 'empty' }
  | { status: 'error'; error: string };

/**
 * A single-record section (hero, about_us): the built-in value first, then the store's first record.
 * A failure shows the built-in defaults (SPEC 4); no record at all is `empty` unless `defaultsOnEmpty`.
 * `applyDelayMs` postpones showing the answer (the about page sets its content after 100 ms).
 */
export function useContentSingle<T>(
  section: PublicSection,
  options: {
    builtin: T;
    fromRecord(record: PublicContentRecord, mediaUrl: string): T;
    defaultsOnEmpty: boolean;
    applyDelayMs?: number;
  },
): SingleState<T> {
  const opts = useRef(options);
  opts.current = options;
  const [state, setState] = useState<SingleState<T>>(() => ({ status: 'loading', value: options.builtin }));

  useEffect(() => {
    let active = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const apply = (next: SingleState<T>) => {
      if (!active) return;
      const delay = opts.current.applyDelayMs ?? 0;
      if (delay > 0) timer = setTimeout(() => active && setState(next), delay);
      else setState(next);
    };
    fetchSection(section).then(
      ({ records, mediaUrl }) => {
        const { builtin, fromRecord, defaultsOnEmpty } = opts.current;
        const first = records[0];
        if (!first) {
          apply(defaultsOnEmpty ? { status: 'ready', value: builtin, source: 'builtin' } : { status: 'empty' });
          return;
        }
        try {
          apply({ status: 'ready', value: fromRecord(first, mediaUrl), source: 'live' });
        } catch (e) {
          console.warn(`[content] ${section}: ${(e as Error).message}`);
          apply({ status: 'ready', value: builtin, source: 'builtin' });
        }
      },
      (e: unknown) => {
        console.warn(`[content] ${section}: ${e instanceof Error ? e.message : String(e)}`);
        apply({ status: 'ready', value: opts.current.builtin, source: 'builtin' });
      },
    );
    return () => {
      active = false;
      clearTimeout(timer);
    };
  }, [section]);

  return state;
}
