import { randomUUID } from 'node:crypto';
import { CMS_TEXTS, fieldsOf, normalizeFields, titleFieldOf } from '../content/cms-fields.js';
import type {
  ContentField,
  ContentRecord,
  ContentWrite,
  PublicContentRecord,
  PublicSection,
  WebsiteSection,
} from '../contracts/content.js';
import { isConditionFailure, store, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import { deleteUnsavedImages } from './content-images.js';
import { outboxItem } from './outbox.js';
import { getProfileById } from './profiles.js';

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

// ---------- The website editor (admin) ----------

const CMS_STALE_VERSION = CMS_TEXTS.staleVersion;

/** The sections of the content store in their sort order (one index query). */
export async function listSections(): Promise<WebsiteSection[]> {
  const { data } = await store().entities.websiteSection.query.bySort({}).go({ pages: 'all' });
  return data
    .filter((s) => s.isActive)
    .map((s) => ({
      sectionKey: s.sectionKey,
      displayName: s.displayName,
      ...(s.description ? { description: s.description } : {}),
      sectionType: s.sectionType,
      sortOrder: s.sortOrder,
    }));
}

async function getSection(sectionKey: string): Promise<WebsiteSection> {
  const { data } = await store().entities.websiteSection.get({ sectionKey }).go();
  if (!data?.isActive) throw new AppError('NOT_FOUND', 'Section not found');
  return {
    sectionKey: data.sectionKey,
    displayName: data.displayName,
    sectionType: data.sectionType,
    sortOrder: data.sortOrder,
  };
}

type ContentItem = Awaited<ReturnType<typeof findContent>>;

async function findContent(id: string) {
  const { data } = await store().entities.websiteContent.get({ id }).go({ consistent: true });
  return data ?? undefined;
}

const toRecord = (c: NonNullable<ContentItem>): ContentRecord => ({
  id: c.id,
  sectionKey: c.sectionKey,
  title: c.title,
  status: c.status,
  sortOrder: c.sortOrder,
  fields: (c.fields ?? {}) as Record<string, ContentField>,
  version: c.version ?? 1,
  ...(c.createdBy ? { createdBy: c.createdBy } : {}),
  ...(c.updatedBy ? { updatedBy: c.updatedBy } : {}),
  createdAt: c.createdAt,
  updatedAt: c.updatedAt,
});

/**
 * Every record of a section, drafts included: published ones first, each group in sort order (one
 * index query over the section; a section holds tens of records, not thousands).
 */
export async function listSectionContent(sectionKey: string): Promise<ContentRecord[]> {
  await getSection(sectionKey);
  const { data } = await store().entities.websiteContent.query.bySection({ sectionKey }).go({ pages: 'all' });
  // The trainers who saved them: one read per distinct person (usually one).
  const ids = [...new Set(data.map((c) => c.updatedBy).filter((id): id is string => Boolean(id)))];
  const names = new Map<string, string>();
  for (const id of ids) {
    const p = await getProfileById(id);
    if (p) names.set(id, `${p.firstName} ${p.lastName}`.trim());
  }
  return data.map((c) => {
    const name = c.updatedBy ? names.get(c.updatedBy) : undefined;
    return { ...toRecord(c), ...(name ? { updatedByName: name } : {}) };
  });
}

export async function getContent(id: string): Promise<ContentRecord> {
  const c = await findContent(id);
  if (!c) throw new AppError('NOT_FOUND', 'Content not found');
  return toRecord(c);
}

function checkedFields(sectionKey: string, input: ContentWrite) {
  const r = normalizeFields(sectionKey, input.fields);
  if (!r.ok) {
    throw new AppError(
      'VALIDATION',
      Object.values(r.problems)[0] ?? 'Invalid content',
      Object.fromEntries(Object.entries(r.problems).map(([k, m]) => [`fields.${k}`, [m]])),
    );
  }
  return r.fields;
}

/** The record's title: the one given, else its first field's value (a program's title, a client's name). */
function titleOf(sectionKey: string, input: ContentWrite, fields: Record<string, ContentField>): string {
  const given = input.title?.trim();
  if (given) return given;
  const first = fields[titleFieldOf(sectionKey)]?.value?.trim() ?? '';
  return (first || fieldsOf(sectionKey)[0].label).slice(0, 200);
}

/** The id the editor gives the record of a single-record section (hero, about_us). */
const singleRecordId = (sectionKey: string) => sectionKey;

const oneRecordText = (section: WebsiteSection) => `${section.displayName} has one record: edit it instead`;

/** A single-record section (hero, about_us) has one record: a second is refused. */
async function refuseSecondRecord(section: WebsiteSection) {
  if (section.sectionType !== 'single') return;
  const { data } = await store()
    .entities.websiteContent.query.bySection({ sectionKey: section.sectionKey })
    .go({ limit: 1 });
  if (data.length) throw new AppError('CONFLICT', oneRecordText(section));
}

/**
 * Creates a record of a section. Published, it changes what the public sees: `WebsiteContentChanged`
 * is written in the same transaction (the outbox), so the section's pages follow.
 */
export async function createSectionContent(
  sectionKey: string,
  input: ContentWrite,
  by: string,
): Promise<ContentRecord> {
  return withImagesKeptOnlyIfSaved(input, () => createRecord(sectionKey, input, by));
}

/**
 * Runs a save; when it fails, the images the editor made for it (processed before the save, public
 * already) are deleted unless a stored record names them, so a failed save leaves no image public.
 */
async function withImagesKeptOnlyIfSaved<T>(input: ContentWrite, save: () => Promise<T>): Promise<T> {
  try {
    return await save();
  } catch (e) {
    await deleteUnsavedImages(input.fields, async (section, path) => {
      const { data } = await store()
        .entities.websiteContent.query.bySection({ sectionKey: section })
        .go({ pages: 'all' });
      return data.some((r) => Object.values(r.fields ?? {}).some((f) => (f as ContentField).value === path));
    });
    throw e;
  }
}

async function createRecord(sectionKey: string, input: ContentWrite, by: string): Promise<ContentRecord> {
  const section = await getSection(sectionKey);
  await refuseSecondRecord(section);
  const fields = checkedFields(sectionKey, input);
  // A single-record section's record is created on a fixed key: of two first saves at once, the
  // conditional create lets one through and the other is refused like any second record.
  const single = section.sectionType === 'single';
  const id = single ? singleRecordId(sectionKey) : randomUUID();
  const { canceled } = await writeTransaction((e) => [
    e.websiteContent
      .create({
        id,
        sectionKey,
        title: titleOf(sectionKey, input, fields),
        status: input.status,
        sortOrder: input.sortOrder,
        fields,
        version: 1,
        createdBy: by,
        updatedBy: by,
      })
      .commit(),
    ...(input.status === 'published' ? [outboxItem(e, 'WebsiteContentChanged', { section: sectionKey })] : []),
  ]);
  if (canceled && single) throw new AppError('CONFLICT', oneRecordText(section));
  if (canceled) throw new AppError('CONFLICT', 'The content could not be saved. Please try again.');
  return getContent(id);
}

/**
 * Saves a record over the version the editor loaded: a save from an older version (another trainer
 * saved in between) is refused, never silently overwritten. Publishing, unpublishing or changing a
 * published record raises `WebsiteContentChanged` in the same transaction.
 */
export async function updateContent(
  id: string,
  input: ContentWrite & { version: number },
  by: string,
): Promise<ContentRecord> {
  return withImagesKeptOnlyIfSaved(input, () => updateRecord(id, input, by));
}

async function updateRecord(id: string, input: ContentWrite & { version: number }, by: string): Promise<ContentRecord> {
  const current = await findContent(id);
  if (!current) throw new AppError('NOT_FOUND', 'Content not found');
  const fields = checkedFields(current.sectionKey, input);
  const stored = current.version ?? 1;
  if (input.version !== stored) throw new AppError('CONFLICT', CMS_STALE_VERSION);
  const publicChange = current.status === 'published' || input.status === 'published';
  const { canceled } = await writeTransaction((e) => [
    e.websiteContent
      .put({
        id,
        sectionKey: current.sectionKey,
        title: titleOf(current.sectionKey, input, fields),
        status: input.status,
        sortOrder: input.sortOrder,
        fields,
        version: stored + 1,
        createdBy: current.createdBy,
        updatedBy: by,
        createdAt: current.createdAt,
      })
      .where((a, { eq, notExists }) =>
        stored === 1 ? `(${eq(a.version, 1)} OR ${notExists(a.version)})` : eq(a.version, stored),
      )
      .commit(),
    ...(publicChange ? [outboxItem(e, 'WebsiteContentChanged', { section: current.sectionKey })] : []),
  ]);
  if (canceled) throw new AppError('CONFLICT', CMS_STALE_VERSION);
  return getContent(id);
}

/** Deletes a record (at the version the editor shows, when given); a published one raises `WebsiteContentChanged`. */
export async function deleteContent(id: string, version?: number): Promise<void> {
  const current = await findContent(id);
  if (!current) throw new AppError('NOT_FOUND', 'Content not found');
  const stored = current.version ?? 1;
  if (version !== undefined && version !== stored) throw new AppError('CONFLICT', CMS_STALE_VERSION);
  try {
    const { canceled } = await writeTransaction((e) => [
      e.websiteContent
        .delete({ id })
        .where((a, { eq, notExists }) =>
          stored === 1 ? `(${eq(a.version, 1)} OR ${notExists(a.version)})` : eq(a.version, stored),
        )
        .commit(),
      ...(current.status === 'published'
        ? [outboxItem(e, 'WebsiteContentChanged', { section: current.sectionKey })]
        : []),
    ]);
    if (canceled) throw new AppError('CONFLICT', CMS_STALE_VERSION);
  } catch (e) {
    if (isConditionFailure(e)) throw new AppError('CONFLICT', CMS_STALE_VERSION);
    throw e;
  }
}
