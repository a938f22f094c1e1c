import { publishEvent } from '../adapters/events.js';
import { cancelSchedule } from '../adapters/scheduler.js';
import { deleteObject } from '../adapters/storage.js';
import { deleteUser, disableUser } from '../adapters/user-directory.js';
import type { ClientFilter } from '../contracts/client-options.js';
import type { ListState } from '../db/entities/profile.js';
import { store, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import { COUNTERS, counterDelta } from './counters.js';
import { tokenKeys as messageTokenKeys, scheduleNameOf } from './messages.js';
import { type Position, positionState, queryCursor, toPosition } from './pagination.js';
import { getProfileById, type Profile } from './profiles.js';
import {
  cursorAfter,
  findClientTokens,
  searchTerms,
  searchTokenItems,
  searchTokensFor,
  type TokenMatch,
} from './search.js';
import { reminderScheduleNameOf } from './session-reminders.js';
import { deleteClientSessions, renameClientInSessions, type SessionItem } from './sessions.js';

const FILTER_STATES: Record<ClientFilter, readonly ListState[]> = {
  all: ['complete', 'incomplete', 'inactive'],
  active: ['complete', 'incomplete'],
  completed: ['complete'],
  incomplete: ['incomplete'],
};

export interface ClientPage {
  items: Profile[];
  /** Where the next page starts; null on the last page. */
  cursor: Position | null;
}

async function getProfiles(ids: readonly string[]): Promise<Profile[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const { data } = await store()
    .entities.profile.get(unique.map((id) => ({ id })))
    .go();
  const byId = new Map((data as Profile[]).map((p) => [p.id, p]));
  return unique.map((id) => byId.get(id)).filter((p): p is Profile => !!p);
}

/**
 * One page of clients, ordered by first name, for a filter and an optional search. Without a search:
 * one index query (gsi2 for all, gsi3 per list state otherwise; `active` reads its two states in
 * turn). With a search: the token index for the first word, then the profiles of the matches, kept
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

  const profile = store().entities.profile;
  if (filter === 'all') {
    const { data, cursor } = await profile.query
      .byRole({ role: 'client' })
      .go({ cursor: queryCursor(opts.cursor), limit });
    return { items: data as Profile[], cursor: toPosition(cursor) };
  }
  // One list state after another (`active` = complete, then incomplete).
  const states = FILTER_STATES[filter];
  const at = positionState<{ s: number; c: string | null }>(opts.cursor) ?? { s: 0, c: null };
  const items: Profile[] = [];
  let state = at.s;
  let inner: string | null = at.c;
  while (state < states.length && items.length < limit) {
    const { data, cursor } = await profile.query
      .byListState({ role: 'client', listState: states[state] })
      .go({ cursor: inner, limit: limit - items.length });
    items.push(...(data as Profile[]));
    if (cursor) inner = cursor;
    else {
      state += 1;
      inner = null;
    }
  }
  return { items, cursor: state < states.length ? toPosition({ s: state, c: inner }) : null };
}

async function searchClients(
  terms: string[],
  filter: ClientFilter,
  limit: number,
  position: Position | null | undefined,
): Promise<ClientPage> {
  const [first, ...rest] = [...terms].sort((a, b) => b.length - a.length);
  const states = FILTER_STATES[filter];
  const at = positionState<{ c: string | null; seen: string[] }>(position);
  const seen = new Set<string>(at?.seen ?? []);
  let cursor: string | null = at?.c ?? null;
  const items: Profile[] = [];
  // A client can match through several tokens: read token pages (skipping clients already seen) until
  // the page is full, then continue right after the token that filled it.
  for (let round = 0; round < 5 && items.length < limit; round++) {
    const page = await findClientTokens(first, { cursor, limit });
    const fresh = page.matches.map((m) => m.profileId).filter((id) => !seen.has(id));
    const profiles = new Map((await getProfiles(fresh)).map((p) => [p.id, p]));
    let filledAt: TokenMatch | undefined;
    for (const match of page.matches) {
      if (seen.has(match.profileId)) continue;
      seen.add(match.profileId);
      const p = profiles.get(match.profileId);
      if (p?.role !== 'client' || !states.includes(p.listState)) continue;
      const tokens = p.searchTokens ?? [];
      if (!rest.every((t) => tokens.some((tok) => tok.startsWith(t)))) continue;
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
  return { items, cursor: cursor ? toPosition({ c: cursor, seen: [...seen].slice(-500) }) : null };
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
 * Updates a client's profile fields (null clears a field). When a searchable field changes, the old
 * search words are replaced by the new ones in the same transaction.
 */
export async function updateClient(id: string, changes: ClientChanges): Promise<Profile> {
  await updateProfileFields(await getClient(id), changes);
  return getClient(id);
}

/**
 * Writes `changes` to the profile `current` (as read; a change since then is a CONFLICT). A client's
 * search words follow the new values in the same transaction; other profiles have none.
 */
export async function updateProfileFields(current: Profile, changes: ClientChanges): Promise<void> {
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
  if (current.role === 'client' && (next.firstName !== current.firstName || next.lastName !== current.lastName)) {
    // The sessions show and search the client's name as it was when written: copy the new one over.
    await renameClientInSessions(id, `${next.firstName} ${next.lastName ?? ''}`.trim());
  }
}

/**
 * Deactivates a client: the profile becomes inactive (the API refuses their tokens from the next
 * request), the active clients counter falls, the Cognito user is disabled and their open
 * WebSocket connections are closed. Deactivating an inactive client changes nothing.
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
  const { data } = await store().entities.connection.query.byProfile({ profileId: id }).go({ pages: 'all' });
  if (data.length) {
    await publishEvent('ClientAccessRevoked', { profileId: id, connectionIds: data.map((c) => c.connectionId) });
  }
  return getClient(id);
}

/**
 * Everything stored under a client's keys: the profile, its e-mail claim and search words, dogs
 * (and their photos), notes, messages, sessions, invitations for the e-mail, realtime connections, the
 * private calendar feed (its secret's item and the profile's pointer to it), and every entity of the
 * client's item collection. Used by the full deletion and by its test.
 */
export async function listClientItems(profile: Pick<Profile, 'id' | 'email' | 'searchTokens'>) {
  const s = store();
  const [records, sessions, invitations, connections, feedOwner] = await Promise.all([
    s.collections.clientRecords({ profileId: profile.id }).go({ pages: 'all' }),
    s.entities.session.query.byClient({ clientId: profile.id }).go({ pages: 'all' }),
    s.entities.invitation.query.byEmail({ email: profile.email }).go({ pages: 'all' }),
    s.entities.connection.query.byProfile({ profileId: profile.id }).go({ pages: 'all' }),
    s.entities.calendarFeedOwner.get({ profileId: profile.id }).go({ consistent: true }),
  ]);
  const feed = feedOwner.data
    ? (await s.entities.calendarFeed.get({ token: feedOwner.data.token }).go({ consistent: true })).data
    : null;
  return {
    dogs: records.data.dog,
    notes: records.data.clientNote,
    messages: records.data.message,
    sessions: sessions.data,
    invitations: invitations.data,
    connections: connections.data,
    photoKeys: records.data.dog.map((d) => d.photoKey).filter((k): k is string => !!k),
    /** The feed's secret and where it points: at most one, deleted with the profile. */
    calendarFeeds: [
      ...(feedOwner.data ? [{ kind: 'owner' as const, profileId: profile.id, token: feedOwner.data.token }] : []),
      ...(feed ? [{ kind: 'feed' as const, profileId: feed.profileId, token: feed.token }] : []),
    ],
  };
}

/**
 * Permanently deletes a client and all their data (SPEC 4 order: dogs, notes, messages, read
 * receipts, referrals, payments, profile, user, auth user), photos in the media bucket included.
 * The child records go first in batches; the profile, its e-mail claim and search words and the
 * counter go last in one transaction, then the Cognito user. A run that fails part-way can simply be
 * run again: every step deletes what is still there.
 */
export async function deleteClientCompletely(id: string): Promise<void> {
  const current = await getClient(id);
  const items = await listClientItems(current);
  const s = store();
  for (const key of items.photoKeys) await deleteObject(key);
  const batches: Promise<unknown>[] = [];
  if (items.dogs.length) batches.push(s.entities.dog.delete(items.dogs.map((d) => ({ id: d.id }))).go());
  if (items.notes.length) batches.push(s.entities.clientNote.delete(items.notes.map((n) => ({ id: n.id }))).go());
  if (items.messages.length) {
    batches.push(s.entities.message.delete(items.messages.map((m) => ({ id: m.id }))).go());
    const tokens = items.messages.flatMap((m) => messageTokenKeys(m));
    if (tokens.length) batches.push(s.entities.messageToken.delete(tokens).go());
    // A scheduled message's schedule would find nothing; cancelling keeps the scheduler tidy.
    for (const m of items.messages) if (m.status === 'scheduled') batches.push(cancelSchedule(scheduleNameOf(m.id)));
  }
  // Sessions go with their search words and leave the sessions counters, in transactions.
  batches.push(deleteClientSessions(id, items.sessions as SessionItem[]));
  // Their reminder schedules would find nothing to remind of; removing them is tidiness only.
  for (const session of items.sessions as SessionItem[]) {
    batches.push(cancelSchedule(reminderScheduleNameOf(session.id)).catch(() => undefined));
  }
  if (items.invitations.length)
    batches.push(s.entities.invitation.delete(items.invitations.map((i) => ({ token: i.token }))).go());
  if (items.connections.length)
    batches.push(s.entities.connection.delete(items.connections.map((c) => ({ connectionId: c.connectionId }))).go());
  await Promise.all(batches);
  const tokens = current.searchTokens ?? [];
  const feedOwner = items.calendarFeeds.find((f) => f.kind === 'owner');
  // TransactWriteItems takes at most 100 items; a client has far fewer search words than that.
  // The calendar feed goes with the profile: its secret URL stops answering in the same write (a
  // reset in between changes the pointer and cancels this, so no new secret is left behind).
  const { canceled } = await writeTransaction((e) => [
    e.profile.delete({ id }).commit(),
    e.unique.delete({ kind: 'email', value: current.email }).commit(),
    ...searchTokenItems(e, 'delete', id, tokens),
    ...(current.isActive ? [counterDelta(e, COUNTERS.activeClients, -1)] : []),
    ...(feedOwner
      ? [
          e.calendarFeedOwner
            .delete({ profileId: id })
            .where(({ token }, { eq }) => eq(token, feedOwner.token))
            .commit(),
          e.calendarFeed.delete({ token: feedOwner.token }).commit(),
        ]
      : [
          e.calendarFeedOwner
            .delete({ profileId: id })
            .where(({ profileId }, { notExists }) => notExists(profileId))
            .commit(),
        ]),
  ]);
  if (canceled) throw new AppError('CONFLICT', 'The client was changed meanwhile. Please try again.');
  await deleteUser(current.userId);
  if (items.connections.length) {
    await publishEvent('ClientAccessRevoked', {
      profileId: id,
      connectionIds: items.connections.map((c) => c.connectionId),
    });
  }
}
