import type { PublicContentRecord, PublicSection } from '../../../../shared/contracts/content';
import { fetchConfigJson } from '../config-store';

export interface SectionContent {
  records: PublicContentRecord[];
  /** Base of the public media areas (`mediaUrl` of /config.json). */
  mediaUrl: string;
}

/** How long a section's answer is reused while the visitor moves between pages. */
const REUSE_MS = 60_000;
const cache = new Map<PublicSection, { at: number; pending: Promise<SectionContent> }>();

/** apiUrl and mediaUrl from /config.json (unvalidated: public pages never load zod); defaults when it fails. */
async function endpoints(): Promise<{ apiUrl: string; mediaUrl: string }> {
  let raw: { apiUrl?: unknown; mediaUrl?: unknown } | undefined;
  try {
    raw = (await fetchConfigJson()) as typeof raw;
  } catch {
    raw = undefined;
  }
  const str = (v: unknown, fallback: string) => (typeof v === 'string' && v.trim() ? v.trim() : fallback);
  return { apiUrl: str(raw?.apiUrl, '/api').replace(/\/+$/, ''), mediaUrl: str(raw?.mediaUrl, '/media') };
}

const isRecord = (r: unknown): r is PublicContentRecord => {
  const x = r as PublicContentRecord | null;
  return !!x && typeof x.id === 'string' && typeof x.fields === 'object' && x.fields !== null;
};

async function load(section: PublicSection): Promise<SectionContent> {
  const { apiUrl, mediaUrl } = await endpoints();
  let response: Response;
  try {
    response = await fetch(`${apiUrl}/public/content/${section}`, { headers: { Accept: 'application/json' } });
  } catch {
    throw new Error('Could not reach the server');
  }
  let data: { items?: unknown; error?: { message?: unknown } } | undefined;
  try {
    data = await response.json();
  } catch {
    data = undefined;
  }
  if (!response.ok) {
    const message = typeof data?.error?.message === 'string' ? data.error.message : undefined;
    throw new Error(
      message ??
        (response.status >= 500
          ? `The server is temporarily unavailable (HTTP ${response.status})`
          : `The server answered HTTP ${response.status}`),
    );
  }
  if (!Array.isArray(data?.items)) throw new Error('The server sent an unexpected answer');
  const records = data.items.filter(isRecord).map((r) => ({
    ...r,
    title: typeof r.title === 'string' ? r.title : '',
    sort_order: typeof r.sort_order === 'number' ? r.sort_order : 0,
  }));
  return { records, mediaUrl };
}

/**
 * Published records of a public section (`GET {apiUrl}/public/content/{section}`, SPEC 7 "Public
 * content fetches"). Rejects with a readable message; failures are not cached.
 */
export function fetchSection(section: PublicSection): Promise<SectionContent> {
  const hit = cache.get(section);
  if (hit && Date.now() - hit.at < REUSE_MS) return hit.pending;
  const pending = load(section);
  cache.set(section, { at: Date.now(), pending });
  pending.catch(() => {
    if (cache.get(section)?.pending === pending) cache.delete(section);
  });
  return pending;
}

/** Tests only. */
export function resetContentCacheForTests(): void {
  cache.clear();
}
