import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { backfillContactCounters, backfillSessionCounters } from '../../infra/local/backfill.js';
import { store } from '../../shared/db/service.js';
import { COUNTERS, readCounters } from '../../shared/domain/counters.js';
import { insertSessionRecord } from '../../shared/domain/sessions.js';

describe('local counter backfill', () => {
  it('sets a missing status counter from the submissions there are, and leaves existing counters alone', async () => {
    const s = store();
    // A submission from before the counters: written without touching them.
    await s.entities.contactSubmission
      .put({
        firstName: 'Old',
        lastName: 'Data',
        email: 'old-data@example.com',
        phone: '941-555-0100',
        dogName: 'Relic',
        dogBreed: 'Mix',
        dogSex: 'male',
        dogBirthDate: '2019-01-01',
        program: 'other',
        message: 'Written before counters existed',
        status: 'removed',
      })
      .go();
    const { data: removed } = await s.entities.contactSubmission.query
      .byStatus({ status: 'removed' })
      .go({ pages: 'all' });
    const before = await readCounters([COUNTERS.contactStatus('new')]);
    await s.entities.counter.delete({ name: COUNTERS.contactStatus('removed') }).go();

    const set = await backfillContactCounters();

    expect(set).toEqual({ removed: removed.length });
    const after = await readCounters([COUNTERS.contactStatus('removed'), COUNTERS.contactStatus('new')]);
    expect(after[COUNTERS.contactStatus('removed')]).toBe(removed.length);
    expect(after[COUNTERS.contactStatus('new')]).toBe(before[COUNTERS.contactStatus('new')]);
  });

  it('sets the open-session counters from the scheduled and confirmed sessions when they are missing', async () => {
    const s = store();
    const clientId = randomUUID();
    const at = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
    await insertSessionRecord({ clientId, dogId: randomUUID(), scheduledAt: at(3), status: 'scheduled' });
    await insertSessionRecord({ clientId, dogId: randomUUID(), scheduledAt: at(4), status: 'confirmed' });
    await insertSessionRecord({ clientId, dogId: randomUUID(), scheduledAt: at(-4), status: 'completed' });
    const before = await readCounters([COUNTERS.openSessions, COUNTERS.openSessionsOf(clientId)]);
    expect(before[COUNTERS.openSessionsOf(clientId)]).toBe(2);
    // Data from before the counters: no open-session counters at all.
    await s.entities.counter.delete({ name: COUNTERS.openSessions }).go();
    await s.entities.counter.delete({ name: COUNTERS.openSessionsOf(clientId) }).go();

    const set = await backfillSessionCounters();

    expect(set[COUNTERS.openSessionsOf(clientId)]).toBe(2);
    expect(set[COUNTERS.openSessions]).toBe(before[COUNTERS.openSessions]);
    const after = await readCounters([COUNTERS.openSessions, COUNTERS.openSessionsOf(clientId)]);
    expect(after).toEqual(before);
    // Once set, a second start leaves them alone.
    expect(await backfillSessionCounters()).toEqual({});
  });
});
