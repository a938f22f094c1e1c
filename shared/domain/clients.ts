import { publishEvent } from '../adapters/events.js';
import { disableUser, enableUser } from '../adapters/user-directory.js';
import type { ClientFilter } from '../contracts/client-options.js';
import { batchGetAll } from '../db/batch.js';
import { type ListState, listStateOf } from '../db/entities/profile.js';
import { store, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import { COUNTERS, counterDelta } from './counters.js';
import { MAX_PAGE_READS, type Position, positionState, queryCursor, toPosition } from './pagination.js';
import { getProfileById, type Profile } from './profiles.js';
import { removeAllPushSubscriptions } from './push-subscriptions.js';
import {
  cursorAfter,
  findClientTokens,
  searchTerms,
  searchTokenItems,
  searchTokensFor,
  type TokenMatch,
} from './search.js';

/** Deactivated clients leave Client Management: `all` is every active client; `deactivated` lists the others. */
const FILTER_STATES: Record<ClientFilter, readonly ListState[]> = {
  all: ['complete', 'incomplete'],
  active: ['complete', 'incomplete'],
  completed: ['complete'],
  incomplete: ['incomplete'],
  deactivated: ['inactive'],
};

export interface ClientPage {
  items: Profile[];
  /** Where the next page starts; null on the last page. */
  cursor: Position | null;
}

async function getProfiles(ids: readonly string[]): Promise<Profile[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const data = await batchGetAll(
    'profiles',
    unique.map((id) => ({ id })),
    (keys) => store().entities.profile.get(keys).go(),
  );
  const byId = new Map((data as Profile[]).map((p) => [p.id, p]));
  return unique.map((id) => byId.get(id)).filter((p): p is Profile => !!p);
}

/**
 * One page of clients, ordered by first name, for a filter and an optional search. Without a search:
 * gsi3 per list state (`all` and `active`: the two active states merged into one first-name order). With a search: the token index for the first word, then the profiles of the matches, kept
 * when every word matches and the filter agrees.
 */
export async function listClients(opts: {
  filter?: ClientFilter;
  search?: string;
  cursor?: Position | null;
  limit?: number;
}): Promise<ClientPage> {
  const filter = opts.filter ?? 'active';
  const limit = Math.min(Math.max(opts.limit ?? 25, 1), 100);
  const terms = searchTerms(opts.search ?? '');
  if (terms.length > 0) return searchClients(terms, filter, limit, opts.cursor);

  return mergedStates(FILTER_STATES[filter], limit, opts.cursor);
}

type After = { f: string; l: string; i: string };

/** The key a profile sorts by within its list state: gsi3's sort key, as ElectroDB writes it. */
function sortKeyOf(p: Profile): Buffer {
  const { ExpressionAttributeValues } = store()
    .entities.profile.query.byListState({
      role: 'client',
      listState: p.listState,
      firstName: p.firstName,
      lastName: p.lastName,
      id: p.id,
    })
    .params() as { ExpressionAttributeValues: Record<string, string> };
  return Buffer.from(ExpressionAttributeValues[':sk1'] ?? '');
}

/**
 * One page of profiles in first-name order across `states` (gsi3 keeps each state sorted by first name,
 * last name, id): `limit` rows from each state, merged by sort key (byte order, as DynamoDB sorts), the
 * first `limit` kept. The position holds, per state, the last row it gave (the next read starts after
 * it) or `false` once it is done: one query per state and page, whatever the size of the book.
 */
async function mergedStates(
  states: readonly ListState[],
  limit: number,
  position: Position | null | undefined,
): Promise<ClientPage> {
  const profile = store().entities.profile;
  const at = positionState<{ m: (After | null | false)[] }>(position)?.m ?? states.map(() => null);
  const reads = await Promise.all(
    states.map(async (listState, i) => {
      const after = at[i];
      if (after === false) return { rows: [] as Profile[], more: false };
      const query = profile.query.byListState({ role: 'client', listState });
      const { data, cursor } = await (after
        ? query.gt({ firstName: after.f, lastName: after.l, id: after.i })
        : query
      ).go({ limit });
      return { rows: data as Profile[], more: !!cursor };
    }),
  );
  const merged = reads
    .flatMap((r, i) => r.rows.map((p) => ({ p, i, key: sortKeyOf(p) })))
    .sort((a, b) => Buffer.compare(a.key, b.key))
    .slice(0, limit);
  const next = reads.map((r, i): After | null | false => {
    if (at[i] === false) return false;
    const taken = merged.filter((m) => m.i === i);
    if (taken.length === r.rows.length && !r.more) return false;
    const last = taken.at(-1)?.p;
    return last ? { f: last.firstName, l: last.lastName, i: last.id } : (at[i] ?? null);
  });
  return { items: merged.map((m) => m.p), cursor: next.every((n) => n === false) ? null : toPosition({ m: next }) };
}

async function searchClients(
  terms: string[],
  filter: ClientFilter,
  limit: number,
  position: Position | null | undefined,
): Promise<ClientPage> {
  const [first, ...rest] = [...terms].sort((a, b) => b.length - a.length);
  const states = FILTER_STATES[filter];
  let cursor: string | null = queryCursor(position);
  const items: Profile[] = [];
  const seen = new Set<string>();
  // A client can match through several tokens ("ma": maria, martinez): each is counted at one of them
  // only, the least of their words that starts with the term, so pages never repeat a client and the
  // cursor stays one token key at any depth of a big book. Token pages are read until the page is full,
  // then the next page continues right after the token that filled it.
  for (let round = 0; round < MAX_PAGE_READS && items.length < limit; round++) {
    const page = await findClientTokens(first, { cursor, limit });
    const profiles = new Map((await getProfiles(page.matches.map((m) => m.profileId))).map((p) => [p.id, p]));
    let filledAt: TokenMatch | undefined;
    for (const match of page.matches) {
      const p = profiles.get(match.profileId);
      if (p?.role !== 'client' || seen.has(p.id) || !states.includes(p.listState)) continue;
      const tokens = p.searchTokens ?? [];
      if (match.token !== tokens.filter((t) => t.startsWith(first)).sort()[0]) continue;
      if (!rest.every((t) => tokens.some((tok) => tok.startsWith(t)))) continue;
      seen.add(p.id);
      items.push(p);
      if (items.length === limit) {
        filledAt = match;
        break;
      }
    }
    cursor = filledAt && filledAt !== page.matches.at(-1) ? cursorAfter(filledAt) : page.cursor;
    if (!cursor) break;
  }
  items.sort(
    (a, b) =>
      a.firstName.localeCompare(b.firstName, 'en', { sensitivity: 'base' }) ||
      a.lastName.localeCompare(b.lastName, 'en', { sensitivity: 'base' }),
  );
  return { items, cursor: toPosition(cursor) };
}

/** A client's profile (admin view of the data), or NOT_FOUND `Client not found`. */
export async function getClient(id: string): Promise<Profile> {
  const p = await getProfileById(id);
  if (p?.role !== 'client') throw new AppError('NOT_FOUND', 'Client not found');
  return p;
}

export interface ClientChanges {
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  address?: string | null;
  emergencyContact?: string | null;
  emergencyPhone?: string | null;
  howHeardAboutUs?: string | null;
  notes?: string | null;
}

/**
 * Writes `changes` to the profile `current` (as read; a change since then is a CONFLICT). A client's
 * search words follow the new values in the same transaction; other profiles have none. Returns
 * `current` with the changes applied (not read again). Only the profile: a renamed client's sessions
 * follow in shared/domain/cascades.ts.
 */
export async function updateProfileFields(current: Profile, changes: ClientChanges): Promise<Profile> {
  const id = current.id;
  const next = { ...current };
  const set: Record<string, string> = {};
  const remove: string[] = [];
  for (const [k, v] of Object.entries(changes) as [keyof ClientChanges, string | null | undefined][]) {
    if (v === undefined) continue;
    if (v === null) {
      if (k === 'firstName' || k === 'lastName') continue;
      remove.push(k);
      delete (next as Record<string, unknown>)[k];
    } else {
      set[k] = v;
      (next as Record<string, unknown>)[k] = v;
    }
  }
  const oldTokens = current.searchTokens ?? [];
  const newTokens = current.role === 'client' ? searchTokensFor(next) : [];
  const dropped = oldTokens.filter((t) => !newTokens.includes(t));
  const added = newTokens.filter((t) => !oldTokens.includes(t));
  const { canceled } = await writeTransaction((e) => {
    let op = e.profile
      .patch({ id })
      .set(current.role === 'client' ? { ...set, searchTokens: newTokens } : set)
      // The key attributes as they are now (ElectroDB also checks them); `set` carries the new ones.
      .composite({
        role: current.role,
        listState: current.listState,
        firstName: current.firstName,
        lastName: current.lastName,
        id,
      });
    if (remove.length) op = op.remove(remove as never);
    return [
      op.where(({ updatedAt }, { eq }) => eq(updatedAt, current.updatedAt)).commit(),
      ...searchTokenItems(e, 'delete', id, dropped),
      ...searchTokenItems(e, 'put', id, added),
    ];
  });
  if (canceled) {
    throw new AppError('CONFLICT', 'The client was changed meanwhile. Please reload and try again.');
  }
  return next;
}

/**
 * Deactivates a client: the profile becomes inactive (the API refuses their tokens from the next
 * request), the active clients counter falls, the Cognito user is disabled and their open
 * WebSocket connections are closed and their push subscriptions removed. Deactivating an inactive client changes nothing.
 */
export async function deactivateClient(id: string): Promise<Profile> {
  const current = await getClient(id);
  if (current.isActive) {
    const { canceled } = await writeTransaction((e) => [
      e.profile
        .patch({ id })
        .set({ isActive: false, listState: 'inactive' })
        .composite({ role: current.role, firstName: current.firstName, lastName: current.lastName, id })
        .where(({ isActive }, { eq }) => eq(isActive, true))
        .commit(),
      counterDelta(e, COUNTERS.activeClients, -1),
    ]);
    if (canceled) return getClient(id);
  }
  await disableUser(current.userId);
  // Their devices stop receiving push notifications (ADR 0055); a reactivated client subscribes again.
  await removeAllPushSubscriptions(id);
  const { data } = await store().entities.connection.query.byProfile({ profileId: id }).go({ pages: 'all' });
  if (data.length) {
    await publishEvent('ClientAccessRevoked', { profileId: id, connectionIds: data.map((c) => c.connectionId) });
  }
  return getClient(id);
}

/**
 * Reactivates a deactivated client: the profile is active again (back in its list state), the active
 * clients counter rises and the Cognito user is enabled. Reactivating an active client changes nothing.
 */
export async function reactivateClient(id: string): Promise<Profile> {
  const current = await getClient(id);
  if (!current.isActive) {
    const { canceled } = await writeTransaction((e) => [
      e.profile
        .patch({ id })
        .set({ isActive: true, listState: listStateOf({ isActive: true, profileCompleted: current.profileCompleted }) })
        .composite({ role: current.role, firstName: current.firstName, lastName: current.lastName, id })
        .where(({ isActive }, { eq }) => eq(isActive, false))
        .commit(),
      counterDelta(e, COUNTERS.activeClients, 1),
    ]);
    if (canceled) return getClient(id);
  }
  await enableUser(current.userId);
  return getClient(id);
}
