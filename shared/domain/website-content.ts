import type { ContentField, PublicContentRecord, PublicSection } from '../contracts/content.js';
import { store } from '../db/service.js';

/** Published records of a section in sort order: one index query. */
export async function listPublishedContent(section: PublicSection): Promise<PublicContentRecord[]> {
  const { data } = await store()
    .entities.websiteContent.query.bySection({ sectionKey: section, status: 'published' })
    .go({ pages: 'all' });
  return data.map((c) => ({
    id: c.id,
    title: c.title,
    sort_order: c.sortOrder,
    fields: Object.fromEntries(
      Object.entries((c.fields ?? {}) as Record<string, ContentField>).map(([k, f]) => [k, f?.value ?? null]),
    ),
  }));
}

export interface NewContent {
  /** Fixed id (the built-in seed keeps tip and story ids stable); a new UUID otherwise. */
  id?: string;
  sectionKey: string;
  title: string;
  status?: 'published' | 'draft';
  sortOrder?: number;
  fields: Record<string, ContentField>;
  createdBy?: string;
}

export async function createContent(input: NewContent) {
  const { data } = await store()
    .entities.websiteContent.create({
      ...(input.id ? { id: input.id } : {}),
      sectionKey: input.sectionKey,
      title: input.title,
      status: input.status ?? 'draft',
      sortOrder: input.sortOrder ?? 0,
      fields: input.fields,
      createdBy: input.createdBy,
    })
    .go();
  return data;
}

export async function upsertSection(s: {
  sectionKey: string;
  displayName: string;
  description?: string;
  sectionType: 'single' | 'collection';
  sortOrder: number;
}) {
  await store()
    .entities.websiteSection.put({ ...s, isActive: true })
    .go();
}
