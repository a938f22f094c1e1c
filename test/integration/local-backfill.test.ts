import { describe, expect, it } from 'vitest';
import { backfillContactCounters } from '../../infra/local/backfill.js';
import { store } from '../../shared/db/service.js';
import { COUNTERS, readCounters } from '../../shared/domain/counters.js';

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
});
