import { randomUUID } from 'node:crypto';
import { expect } from '@playwright/test';
import type { ContentField } from '../../shared/contracts/content.js';
import { store, writeTransaction as tx } from '../../shared/db/service.js';
import { outboxItem } from '../../shared/domain/outbox.js';

/**
 * Publishing as the website editor's routes do (docs/decisions/0031-render-on-publish.md): the content
 * and its WebsiteContentChanged outbox event in one transaction; the local runtime's bus then re-renders
 * the public pages that show the section. Journeys use their own records and remove or restore what they
 * change, so the next spec sees the store as it was.
 */
const BASE_URL = process.env.E2E_BASE_URL as string;

export const textFields = (values: Record<string, string>) =>
  Object.fromEntries(Object.entries(values).map(([k, value]) => [k, { type: 'text', value } satisfies ContentField]));

/** One transaction that must go through. */
async function writeTransaction(build: Parameters<typeof tx>[0]): Promise<void> {
  const { canceled, codes } = await tx(build);
  expect(canceled, `transaction canceled: ${codes.join(', ')}`).toBe(false);
}

/** Publishes one record in `sectionKey` (its id `id`, a new one by default) and returns the id. */
export async function publish(
  sectionKey: string,
  title: string,
  values: Record<string, string>,
  { sortOrder = 0, id = randomUUID() }: { sortOrder?: number; id?: string } = {},
): Promise<string> {
  await writeTransaction((e) => [
    e.websiteContent
      .create({ id, sectionKey, title, status: 'published', sortOrder, fields: textFields(values) })
      .commit(),
    outboxItem(e, 'WebsiteContentChanged', { section: sectionKey }),
  ]);
  return id;
}

/** Deletes the record `id` of `sectionKey` (unpublishing it). */
export async function remove(id: string, sectionKey: string): Promise<void> {
  await writeTransaction((e) => [
    e.websiteContent.delete({ id }).commit(),
    outboxItem(e, 'WebsiteContentChanged', { section: sectionKey }),
  ]);
}

/**
 * Empties the published `sectionKey` (the pages then show its empty state) and returns what puts every
 * removed record back as it was.
 */
export async function emptySection(sectionKey: string): Promise<() => Promise<void>> {
  const { data } = await store()
    .entities.websiteContent.query.bySection({ sectionKey, status: 'published' })
    .go({ pages: 'all' });
  await writeTransaction((e) => [
    ...data.map((r) => e.websiteContent.delete({ id: r.id }).commit()),
    outboxItem(e, 'WebsiteContentChanged', { section: sectionKey }),
  ]);
  return async () => {
    await writeTransaction((e) => [
      ...data.map((r) => e.websiteContent.put(r).commit()),
      outboxItem(e, 'WebsiteContentChanged', { section: sectionKey }),
    ]);
    await settled();
  };
}

/** Waits until the outbox is published and its handlers ran (the pages are rendered). */
export const settled = async () => expect((await fetch(`${BASE_URL}/__local/bus/idle`)).ok).toBe(true);

/**
 * Records a journey publishes for itself: `publish` as above, `removeAll` deletes every one of them still
 * there (one transaction and one render per section), for an afterEach.
 */
export function ownContent() {
  const mine = new Map<string, Set<string>>();
  return {
    async publish(...args: Parameters<typeof publish>): Promise<string> {
      const id = await publish(...args);
      const ids = mine.get(args[0]) ?? new Set<string>();
      mine.set(args[0], ids.add(id));
      return id;
    },
    async removeAll(): Promise<void> {
      for (const [sectionKey, ids] of mine) {
        await writeTransaction((e) => [
          ...[...ids].map((id) => e.websiteContent.delete({ id }).commit()),
          outboxItem(e, 'WebsiteContentChanged', { section: sectionKey }),
        ]);
      }
      if (mine.size) await settled();
      mine.clear();
    },
  };
}
