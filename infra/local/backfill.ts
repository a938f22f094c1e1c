import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { CONTACT_STATUSES } from '../../shared/contracts/contact-options.js';
import { countQuery, store } from '../../shared/db/service.js';
import { COUNTERS } from '../../shared/domain/counters.js';
import { knownDogNames } from '../../shared/domain/dog-names.js';
import { refreshDogVaccinations, requiredVaccines } from '../../shared/domain/vaccinations.js';

/**
 * Local data written before the dashboard counters existed (contact submissions from earlier
 * versions) has no counter items. Once per data folder, at start, each status's counter is set from
 * a COUNT query on the status index; afterwards every write keeps them right in its own transaction.
 */
async function countByStatus(status: (typeof CONTACT_STATUSES)[number]): Promise<number> {
  const params = store().entities.contactSubmission.query.byStatus({ status }).params() as QueryCommandInput;
  return countQuery(params);
}

export async function backfillContactCounters(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const status of CONTACT_STATUSES) {
    const name = COUNTERS.contactStatus(status);
    const { data } = await store().entities.counter.get({ name }).go();
    if (data) continue;
    out[status] = await countByStatus(status);
    await store()
      .entities.counter.put({ name, value: out[status] })
      .where(({ name: n }, { notExists }) => notExists(n))
      .go()
      .catch((e: Error) => {
        // Written meanwhile by a new submission: that write's counter wins; leave it.
        if (!/conditional/i.test(e.message)) throw e;
      });
  }
  return out;
}

/**
 * Local data written before the open-session counters existed (ADR 0014) has sessions but no
 * `sessions#open` counters, so the Upcoming cards would start from 0. Once per data folder, at start,
 * the scheduled and confirmed sessions are read from the status index (local data only: in the cloud
 * the counters exist from the first session) and each counter is set unless a write created it first.
 */
export async function backfillSessionCounters(): Promise<Record<string, number>> {
  const s = store();
  const { data: existing } = await s.entities.counter.get({ name: COUNTERS.openSessions }).go();
  if (existing) return {};
  const counts: Record<string, number> = { [COUNTERS.openSessions]: 0 };
  for (const status of ['scheduled', 'confirmed'] as const) {
    const { data } = await s.entities.session.query
      .byStatusEnd({ status })
      .go({ pages: 'all', attributes: ['clientId'] });
    for (const { clientId } of data) {
      counts[COUNTERS.openSessions] += 1;
      const name = COUNTERS.openSessionsOf(clientId);
      counts[name] = (counts[name] ?? 0) + 1;
    }
  }
  for (const [name, value] of Object.entries(counts)) {
    await s.entities.counter
      .put({ name, value })
      .where(({ name: n }, { notExists }) => notExists(n))
      .go()
      .catch((e: Error) => {
        if (!/conditional/i.test(e.message)) throw e;
      });
  }
  return counts;
}

/**
 * Local clients written before the client list showed dogs have no `dogNames` on their profile (the
 * list shows none for them). Once per data folder, at start, each such profile gets the names of its
 * dogs, unless a dog write set them first; afterwards every dog write keeps them in its transaction.
 * Returns how many profiles were set.
 */
export async function backfillDogNames(): Promise<number> {
  const s = store();
  let set = 0;
  let cursor: string | null = null;
  do {
    const page: { data: { id: string; dogNames?: unknown }[]; cursor: string | null } = await s.entities.profile.query
      .byRole({ role: 'client' })
      .go({ cursor, attributes: ['id', 'dogNames'] });
    for (const profile of page.data) {
      if (profile.dogNames) continue;
      const dogNames = await knownDogNames({ id: profile.id });
      await s.entities.profile
        .patch({ id: profile.id })
        .set({ dogNames })
        .where(({ dogNames: names }, { notExists }) => notExists(names))
        .go()
        .then(() => set++)
        .catch((e: Error) => {
          if (!/conditional/i.test(e.message)) throw e;
        });
    }
    cursor = page.cursor;
  } while (cursor);
  return set;
}

/**
 * Local dogs written before vaccination records existed carry neither of the trainer's list positions
 * (`vaccinationDueOn`, `vaccinationMissing`), so they are on neither list. Once per data folder, at
 * start, before the server takes requests, each such dog is placed from its records (none: missing), by
 * the same code a record's write uses; the dogs are found through the client profiles (a Query per
 * client, no Scan). Returns how many dogs were placed.
 */
export async function backfillDogVaccinations(): Promise<number> {
  const s = store();
  const required = await requiredVaccines();
  let placed = 0;
  let cursor: string | null = null;
  do {
    const page: { data: { id: string }[]; cursor: string | null } = await s.entities.profile.query
      .byRole({ role: 'client' })
      .go({ cursor, attributes: ['id'] });
    for (const profile of page.data) {
      const { data: dogs } = await s.entities.dog.query
        .byProfile({ profileId: profile.id })
        .go({ pages: 'all', attributes: ['id', 'profileId', 'vaccinationDueOn'] });
      for (const dog of dogs) {
        if ((dog as { vaccinationDueOn?: string }).vaccinationDueOn) continue;
        // Written whole once (the defaults fill the positions, and ElectroDB writes every index key: an
        // update would leave the lists' partition keys out), then placed from the records.
        const { data: full } = await s.entities.dog.get({ id: dog.id }).go();
        if (!full) continue;
        await s.entities.dog.put(full).go();
        await refreshDogVaccinations(dog, required);
        placed++;
      }
    }
    cursor = page.cursor;
  } while (cursor);
  return placed;
}
