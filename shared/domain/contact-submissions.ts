import { randomUUID } from 'node:crypto';
import { createConversions } from 'electrodb';
import { publishEvent } from '../adapters/events.js';
import type { ContactRequest, ContactStatus, ContactSubmission } from '../contracts/contact.js';
import { CONTACT_STATUSES } from '../contracts/contact.js';
import { batchGetAll } from '../db/batch.js';
import { store, type TxEntities, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import { deleteClientCompletely } from './cascades.js';
import { deactivateClient } from './clients.js';
import { COUNTERS, counterDelta, readCounters } from './counters.js';
import { outboxItem } from './outbox.js';
import { type Position, positionState, toPosition } from './pagination.js';
import { getProfileById, type Profile } from './profiles.js';

type Stored = Omit<ContactSubmission, 'assignedProfileId'> & { assignedProfileId?: string; updatedAt?: string };

function toContract(item: Stored): ContactSubmission {
  const { updatedAt: _u, ...rest } = item;
  return rest;
}

export const CONTACT_NOT_FOUND_TEXT = 'Contact submission not found';
export const CONTACT_CHANGED_TEXT = 'The submission was changed meanwhile. Please reload and try again.';
export const REMOVED_SELECTOR_TEXT = 'A removed submission cannot change status. Restore it first.';
export const ONLY_REMOVED_DELETE_TEXT = 'Only removed submissions can be permanently deleted';

/** Tells open admin screens that these submissions changed (status, removal, deletion, conversion). */
export async function announceContactSubmissionsChanged(ids: readonly string[]): Promise<void> {
  if (ids.length) await publishEvent('ContactSubmissionsChanged', { ids: [...ids] });
}

/**
 * The transaction items that move a submission from `from` to `to`: the update, guarded by the
 * status it had when read, and the two per-status counters.
 */
export function statusChangeItems(
  e: TxEntities,
  current: Pick<ContactSubmission, 'id' | 'createdAt' | 'status'>,
  to: ContactStatus,
  changes: { assignedProfileId?: string | null; convertedToClient?: boolean } = {},
) {
  const set: { status: ContactStatus; assignedProfileId?: string; convertedToClient?: boolean } = { status: to };
  if (typeof changes.assignedProfileId === 'string') set.assignedProfileId = changes.assignedProfileId;
  if (changes.convertedToClient !== undefined) set.convertedToClient = changes.convertedToClient;
  let op = e.contactSubmission
    .patch({ id: current.id })
    .set(set)
    // The byStatus index key is rebuilt from these; `set` carries the new status.
    .composite({ createdAt: current.createdAt, id: current.id });
  if (changes.assignedProfileId === null) op = op.remove(['assignedProfileId']);
  const update = op.where(({ status }, { eq }) => eq(status, current.status)).commit();
  if (current.status === to) return [update];
  return [
    update,
    counterDelta(e, COUNTERS.contactStatus(current.status), -1),
    counterDelta(e, COUNTERS.contactStatus(to), 1),
  ];
}

/**
 * Stores a free-evaluation request with status `new`. The `new` counter rises and the
 * `ContactSubmitted` event is written to the outbox in the same transaction, so the submission and
 * its event cannot diverge: the stream publishes the event once the submission exists, and a
 * cancelled transaction leaves neither.
 */
export async function createContactSubmission(
  input: Omit<ContactRequest, 'website'>,
  origin: { source?: string } = {},
): Promise<ContactSubmission> {
  const submission: ContactSubmission = {
    id: randomUUID(),
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email.toLowerCase(),
    phone: input.phone,
    dogName: input.dogName,
    dogBreed: input.dogBreed,
    dogSex: input.dogSex,
    dogBirthDate: input.dogBirthDate,
    program: input.program,
    message: input.message,
    status: 'new',
    convertedToClient: false,
    createdAt: new Date().toISOString(),
  };
  const { canceled } = await writeTransaction((e) => [
    e.contactSubmission.create({ ...submission, ...origin }).commit(),
    counterDelta(e, COUNTERS.contactStatus('new'), 1),
    outboxItem(e, 'ContactSubmitted', { submission }),
  ]);
  if (canceled) throw new AppError('CONFLICT', 'The request could not be stored. Please try again.');
  return submission;
}

/** One submission, or NOT_FOUND. */
export async function getContactSubmission(id: string): Promise<ContactSubmission> {
  const { data } = await store().entities.contactSubmission.get({ id }).go();
  if (!data) throw new AppError('NOT_FOUND', CONTACT_NOT_FOUND_TEXT);
  return toContract(data as Stored);
}

/** The submission and, when it is linked to one, the client profile that still exists. */
export async function getContactSubmissionWithProfile(
  id: string,
): Promise<{ submission: ContactSubmission; assignedProfile: Profile | null }> {
  const submission = await getContactSubmission(id);
  const profile = submission.assignedProfileId ? await getProfileById(submission.assignedProfileId) : undefined;
  return { submission, assignedProfile: profile && profile.role === 'client' ? profile : null };
}

/** Number of submissions per status: the counters kept with every change (one batch get). */
export async function countContactSubmissionsByStatus(): Promise<Record<ContactStatus, number>> {
  const names = CONTACT_STATUSES.map((s) => COUNTERS.contactStatus(s));
  const values = await readCounters(names);
  return Object.fromEntries(CONTACT_STATUSES.map((s) => [s, values[COUNTERS.contactStatus(s)]])) as Record<
    ContactStatus,
    number
  >;
}

/*
 * Paging. The position holds, per requested status, where that status's list stands: the key
 * (createdAt, id) of the last item handed out, null for "from the start", false when exhausted.
 * Each query starts from an ElectroDB cursor built from that key. The requested statuses are part of
 * the filter the edge binds the cursor to, so a position always has one entry per requested status.
 */
type StatusPosition = false | null | { createdAt: string; id: string };

export interface ContactSubmissionPage {
  items: ContactSubmission[];
  /** Where the next page starts; null on the last page. */
  cursor: Position | null;
}

const newestFirst = (a: ContactSubmission, b: ContactSubmission) =>
  b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id);

/**
 * One page of submissions with any of the given statuses, newest first. One index query per status
 * (limit + 1 items, to know whether more follow); the statuses' items are merged and the first
 * `limit` handed out.
 */
export async function listContactSubmissions(
  statusesIn: readonly ContactStatus[],
  opts: { cursor?: Position; limit?: number } = {},
): Promise<ContactSubmissionPage> {
  const statuses = CONTACT_STATUSES.filter((s) => statusesIn.includes(s));
  const limit = Math.min(Math.max(opts.limit ?? 25, 1), 100);
  const at =
    positionState<Record<ContactStatus, StatusPosition>>(opts.cursor) ??
    (Object.fromEntries(statuses.map((s) => [s, null])) as Record<ContactStatus, StatusPosition>);
  const entity = store().entities.contactSubmission;
  const toCursor = createConversions(entity).byAccessPattern.byStatus.fromComposite.toCursor;

  const fetched = await Promise.all(
    statuses.map(async (status) => {
      const pos = at[status];
      if (pos === false) return { status, items: [] as ContactSubmission[], more: false };
      const start = pos ? toCursor({ status, createdAt: pos.createdAt, id: pos.id }) : null;
      const { data, cursor } = await entity.query
        .byStatus({ status })
        .go({ order: 'desc', cursor: start, limit: limit + 1 });
      return { status, items: (data as Stored[]).map(toContract), more: !!cursor };
    }),
  );
  const items = fetched
    .flatMap((f) => f.items)
    .sort(newestFirst)
    .slice(0, limit);
  const taken = new Set(items.map((i) => i.id));
  const next: Partial<Record<ContactStatus, StatusPosition>> = {};
  for (const f of fetched) {
    const mine = f.items.filter((i) => taken.has(i.id));
    const left = f.items.length - mine.length;
    const last = mine.at(-1);
    if (left === 0 && !f.more) next[f.status] = false;
    else next[f.status] = last ? { createdAt: last.createdAt, id: last.id } : at[f.status];
  }
  const done = statuses.every((s) => next[s] === false);
  return { items, cursor: done ? null : toPosition(next) };
}

export type ClientAction = 'deactivate' | 'delete';
/** What a status change did, so the screen can say it in the spec's words. */
export type StatusOutcome = 'updated' | 'removed' | 'deactivated' | 'deleted' | 'unlinked';

/**
 * Sets a submission's status from the admin's selector (new, contacted), Remove (removed) or
 * Restore (removed -> new). Converted is reached only by conversion. A removed submission can only
 * be restored. Leaving converted while the linked client profile exists requires `clientAction`:
 * the client is deactivated, or deleted with all their data (the link is then cleared).
 */
export async function updateContactStatus(
  id: string,
  to: ContactStatus,
  opts: { clientAction?: ClientAction } = {},
): Promise<{ submission: ContactSubmission; outcome: StatusOutcome }> {
  const current = await getContactSubmission(id);
  if (to === 'converted') {
    throw new AppError('VALIDATION', 'Use the conversion to make a submission converted');
  }
  if (current.status === 'removed' && to !== 'new' && to !== 'removed') {
    throw new AppError('CONFLICT', REMOVED_SELECTOR_TEXT);
  }
  if (opts.clientAction && current.status !== 'converted') {
    throw new AppError('VALIDATION', 'clientAction applies only to a converted submission');
  }
  if (current.status === to) return { submission: current, outcome: to === 'removed' ? 'removed' : 'updated' };

  let outcome: StatusOutcome = to === 'removed' ? 'removed' : 'updated';
  let changes: Parameters<typeof statusChangeItems>[3] = {};
  if (current.status === 'converted') {
    const profile = current.assignedProfileId ? await getProfileById(current.assignedProfileId) : undefined;
    if (profile && profile.role === 'client') {
      if (!opts.clientAction) {
        throw new AppError(
          'VALIDATION',
          'clientAction is required: this submission is linked to a client (deactivate or delete)',
          { clientAction: ['clientAction is required (deactivate or delete)'] },
        );
      }
      if (opts.clientAction === 'delete') {
        await deleteClientCompletely(profile.id);
        changes = { assignedProfileId: null, convertedToClient: false };
        outcome = 'deleted';
      } else {
        await deactivateClient(profile.id);
        outcome = 'deactivated';
      }
    } else {
      // The linked profile is gone: the link is dropped; any invitation stays valid until it expires.
      changes = { assignedProfileId: null, convertedToClient: false };
      outcome = 'unlinked';
    }
  }
  const { canceled } = await writeTransaction((e) => statusChangeItems(e, current, to, changes));
  if (canceled) throw new AppError('CONFLICT', CONTACT_CHANGED_TEXT);
  await announceContactSubmissionsChanged([id]);
  return { submission: await getContactSubmission(id), outcome };
}

/** Largest number of submissions one permanent deletion takes (one transaction, with the counter). */
export const MAX_DELETE_BATCH = 99;

/**
 * Permanently deletes removed submissions, all or none: each delete is guarded by status removed and
 * the removed counter falls by the number deleted, in one transaction.
 */
export async function deleteContactSubmissions(idsIn: readonly string[]): Promise<{ deleted: number }> {
  const ids = [...new Set(idsIn)];
  if (ids.length === 0) throw new AppError('VALIDATION', 'ids must list at least one submission');
  if (ids.length > MAX_DELETE_BATCH) {
    throw new AppError('VALIDATION', `At most ${MAX_DELETE_BATCH} submissions can be deleted at once`);
  }
  const data = await batchGetAll(
    'contact submissions',
    ids.map((id) => ({ id })),
    (keys) => store().entities.contactSubmission.get(keys).go(),
  );
  const found = new Map((data as Stored[]).map((s) => [s.id, s]));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw new AppError('NOT_FOUND', `${CONTACT_NOT_FOUND_TEXT}: ${missing.join(', ')}`);
  if (ids.some((id) => found.get(id)?.status !== 'removed')) throw new AppError('CONFLICT', ONLY_REMOVED_DELETE_TEXT);
  const { canceled } = await writeTransaction((e) => [
    ...ids.map((id) =>
      e.contactSubmission
        .delete({ id })
        .where(({ status }, { eq }) => eq(status, 'removed'))
        .commit(),
    ),
    counterDelta(e, COUNTERS.contactStatus('removed'), -ids.length),
  ]);
  if (canceled) throw new AppError('CONFLICT', CONTACT_CHANGED_TEXT);
  await announceContactSubmissionsChanged(ids);
  return { deleted: ids.length };
}
