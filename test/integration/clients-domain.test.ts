import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { store } from '../../shared/db/service.js';
import { getOrCreateCalendarFeed } from '../../shared/domain/calendar-feeds.js';
import { deleteClientCompletely, listClientItems, updateClient } from '../../shared/domain/cascades.js';
import { type ClientPage, deactivateClient, getClient, listClients } from '../../shared/domain/clients.js';
import { COUNTERS, readCounters } from '../../shared/domain/counters.js';
import type { Position } from '../../shared/domain/pagination.js';
import { createProfile } from '../../shared/domain/profiles.js';
import { createTestUser } from '../support/api.js';

const unique = () => randomUUID().slice(0, 8);

describe('client search and lists (no scan)', () => {
  it('finds a client by the start of a name, e-mail part or phone digits, case-insensitively', async () => {
    const tag = `zq${unique()}`;
    const p = await createProfile({
      userId: randomUUID(),
      role: 'client',
      firstName: 'Marguerite',
      lastName: `Okafor${tag}`,
      email: `m.okafor.${tag}@Example.com`,
      phone: '(941) 555-7314',
    });
    const find = async (search: string) => (await listClients({ search, filter: 'all' })).items.map((c) => c.id);
    expect(await find(`OKAFOR${tag}`)).toContain(p.id);
    expect(await find(`okafor${tag.slice(0, 4)}`)).toContain(p.id);
    expect(await find(`m.okafor.${tag}@ex`)).toContain(p.id);
    expect(await find(`marguerite okafor${tag}`)).toContain(p.id);
    expect(await find('555-7314')).toContain(p.id);
    expect(await find('7314')).toContain(p.id);
    expect(await find(`nobody${tag}`)).not.toContain(p.id);
  });

  it('filters by list state, pages with a cursor, and moves a client between states', async () => {
    const before = await readCounters([COUNTERS.activeClients]);
    const p = await createProfile({
      userId: randomUUID(),
      role: 'client',
      firstName: `Aaa${unique()}`,
      email: `state-${unique()}@example.com`,
    });
    const after = await readCounters([COUNTERS.activeClients]);
    expect(after[COUNTERS.activeClients]).toBe(before[COUNTERS.activeClients] + 1);
    const incomplete = await listClients({ filter: 'incomplete', limit: 100 });
    expect(incomplete.items.every((c) => c.isActive && !c.profileCompleted)).toBe(true);
    const page1 = await listClients({ filter: 'all', limit: 1 });
    expect(page1.items).toHaveLength(1);
    expect(page1.cursor).toBeTruthy();
    const page2 = await listClients({ filter: 'all', limit: 1, cursor: page1.cursor });
    expect(page2.items[0]?.id).not.toBe(page1.items[0]?.id);

    const updated = await updateClient(p.id, { lastName: 'Renamed', phone: '941-555-0000', address: null });
    expect(updated.lastName).toBe('Renamed');
    expect((await listClients({ search: 'renamed', filter: 'all', limit: 100 })).items.map((c) => c.id)).toContain(
      p.id,
    );
  });
});

describe('search paging', () => {
  it('finds hyphenated names by either part, and pages search results exactly without repeats', async () => {
    const tag = `hy${unique()}`;
    const made = [];
    for (let i = 0; i < 5; i++) {
      made.push(
        await createProfile({
          userId: randomUUID(),
          role: 'client',
          firstName: `Fern${i}`,
          lastName: `Ito-${tag}`,
          email: `fern${i}.${tag}@example.com`,
        }),
      );
    }
    const byHyphen = await listClients({ search: `ito-${tag}`, filter: 'all' });
    expect(byHyphen.items.map((c) => c.id).sort()).toEqual(made.map((m) => m.id).sort());
    const seen: string[] = [];
    let cursor: Position | null = null;
    for (let page = 0; page < 5; page++) {
      const res: ClientPage = await listClients({ search: tag, filter: 'all', limit: 2, cursor });
      expect(res.items.length).toBeLessThanOrEqual(2);
      seen.push(...res.items.map((c) => c.id));
      cursor = res.cursor;
      if (!cursor) break;
    }
    expect([...new Set(seen)].sort()).toEqual(made.map((m) => m.id).sort());
    expect(seen).toHaveLength(5);
  });
});

describe('deactivation and full deletion', () => {
  it('deactivation refuses the API; full deletion leaves nothing under the client keys', async () => {
    const user = await createTestUser('client');
    const s = store();
    await s.entities.dog.create({ profileId: user.profileId, name: 'Rex', breed: 'Mix', birthDate: '2020-01-01' }).go();
    await s.entities.clientNote
      .create({ profileId: user.profileId, title: 't', content: 'c', createdBy: 'x', createdByEmail: 'x@example.com' })
      .go();
    const before = await readCounters([COUNTERS.activeClients]);
    const deactivated = await deactivateClient(user.profileId);
    expect(deactivated.isActive).toBe(false);
    expect((await readCounters([COUNTERS.activeClients]))[COUNTERS.activeClients]).toBe(
      before[COUNTERS.activeClients] - 1,
    );
    expect((await listClients({ filter: 'active', search: user.email })).items).toHaveLength(0);
    expect((await listClients({ filter: 'deactivated', search: user.email })).items.map((c) => c.id)).toContain(
      user.profileId,
    );

    const profile = await getClient(user.profileId);
    const items = await listClientItems(profile);
    expect(items.dogs).toHaveLength(1);
    expect(items.notes).toHaveLength(1);
    await getOrCreateCalendarFeed(profile, 'http://127.0.0.1');
    const feed = await s.entities.calendarFeedOwner.get({ profileId: user.profileId }).go();
    expect(feed.data?.token).toBeTypeOf('string');
    await deleteClientCompletely(user.profileId);
    // The private calendar feed goes too: its secret and the pointer to it.
    expect((await s.entities.calendarFeedOwner.get({ profileId: user.profileId }).go()).data).toBeNull();
    expect((await s.entities.calendarFeed.get({ token: feed.data?.token ?? '' }).go()).data).toBeNull();
    const left = await listClientItems(profile);
    expect([...left.dogs, ...left.notes, ...left.sessions, ...left.invitations, ...left.connections]).toEqual([]);
    await expect(getClient(user.profileId)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await listClients({ filter: 'all', search: user.email })).items).toHaveLength(0);
    const claim = await s.entities.unique.get({ kind: 'email', value: user.email }).go();
    expect(claim.data).toBeNull();
  });
});

describe('the default list order', () => {
  it('lists active clients in first-name order across complete and incomplete profiles, page after page', async () => {
    const tag = unique();
    const made: Record<string, string> = {};
    // Complete and incomplete profiles whose first names interleave.
    for (const [name, completed] of [
      [`Mab${tag}`, true],
      [`Mac${tag}`, false],
      [`Mad${tag}`, true],
      [`Mae${tag}`, false],
    ] as const) {
      const p = await createProfile({
        userId: randomUUID(),
        role: 'client',
        firstName: name,
        lastName: 'Order',
        email: `${name.toLowerCase()}@example.com`,
      });
      if (completed)
        await store()
          .entities.profile.patch({ id: p.id })
          .set({ profileCompleted: true, listState: 'complete' })
          .composite({ role: 'client', firstName: name, lastName: 'Order', id: p.id })
          .go();
      made[name] = p.id;
    }
    const ids: string[] = [];
    const names: string[] = [];
    let cursor: Position | null = null;
    for (let page = 0; page < 200; page++) {
      const res: ClientPage = await listClients({ filter: 'active', limit: 3, cursor });
      ids.push(...res.items.map((c) => c.id));
      names.push(...res.items.map((c) => `${c.firstName} ${c.lastName}`.toLowerCase()));
      cursor = res.cursor;
      if (!cursor) break;
    }
    expect(cursor).toBeNull();
    expect(new Set(ids).size).toBe(ids.length);
    const ours = Object.values(made).map((id) => ids.indexOf(id));
    expect(ours.every((i) => i >= 0)).toBe(true);
    expect(ours).toEqual([...ours].sort((a, b) => a - b));
    // The whole active list is in name order, not complete profiles first.
    const firsts = names.map((n) => n.split(' ')[0]);
    expect(firsts).toEqual([...firsts].sort());
  });
});
