import type { PublicContentRecord, PublicSection } from '../contracts/content.js';
import { PUBLIC_SECTIONS } from '../contracts/content.js';
import { store } from '../db/service.js';
import { listPublishedContent } from './website-content.js';

/** What the editor shows of a section's pages: when they went live, and whether the latest render failed. */
export interface RenderStatus {
  section: string;
  /** When the section's pages last went live (ISO), null before the first render on publish. */
  liveAt: string | null;
  livePaths: string[];
  /** When the latest render failed (ISO; the previous pages stay), null when it succeeded. */
  failedAt: string | null;
  failure: string | null;
}

/** Every public section's published records, in sort order (one query per section). */
export async function readPublishedSections(): Promise<Record<PublicSection, PublicContentRecord[]>> {
  const entries = await Promise.all(PUBLIC_SECTIONS.map(async (s) => [s, await listPublishedContent(s)] as const));
  return Object.fromEntries(entries) as Record<PublicSection, PublicContentRecord[]>;
}

/** The section's pages went live at `at` (clears an earlier failure). */
export async function recordRenderLive(section: string, at: string, paths: string[]): Promise<void> {
  await store().entities.websiteRender.put({ sectionKey: section, liveAt: at, livePaths: paths }).go();
}

/** The latest render of the section failed: its previous pages stay live. */
export async function recordRenderFailed(section: string, at: string, failure: string): Promise<void> {
  await store()
    .entities.websiteRender.upsert({ sectionKey: section, failedAt: at, failure: failure.slice(0, 500) })
    .go();
}

export async function getRenderStatus(section: string): Promise<RenderStatus> {
  const { data } = await store().entities.websiteRender.get({ sectionKey: section }).go();
  return {
    section,
    liveAt: data?.liveAt ?? null,
    livePaths: data?.livePaths ?? [],
    failedAt: data?.failedAt ?? null,
    failure: data?.failure ?? null,
  };
}
