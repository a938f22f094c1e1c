import type { PublicContentRecord, PublicSection } from '../contracts/content.js';
import { PUBLIC_SECTIONS } from '../contracts/content.js';
import type { WebsiteLiveStatus } from '../contracts/website-live.js';
import { store } from '../db/service.js';
import { listPublishedContent } from './website-content.js';

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

export async function getRenderStatus(section: string): Promise<WebsiteLiveStatus> {
  const { data } = await store().entities.websiteRender.get({ sectionKey: section }).go();
  return {
    section,
    liveAt: data?.liveAt ?? null,
    livePaths: data?.livePaths ?? [],
    failedAt: data?.failedAt ?? null,
    failure: data?.failure ?? null,
  };
}
