import { store, type TxEntities, type TxItem, writeTransaction } from '../db/service.js';
import { retryWhile } from '../retry.js';

/**
 * The dogs of a client as the trainer's client list shows them: `dogNames` on the client's profile
 * (id and name, oldest dog first), so a page of clients is read without a query per client. Every
 * dog write changes it in the dog's own transaction, guarded by the list it read (ADR 0008).
 */
export interface DogName {
  id: string;
  name: string;
}

/** What a dog write needs to know of the profile it changes. */
export interface DogNamesHolder {
  id: string;
  dogNames?: DogName[];
}

/**
 * The profile's dog names to change: the stored list, or for a profile written before the list
 * existed, the list made from its dogs (one query of the client's records, oldest first).
 */
export async function knownDogNames(profile: DogNamesHolder): Promise<DogName[]> {
  if (profile.dogNames) return profile.dogNames;
  const { data } = await store()
    .entities.dog.query.byProfile({ profileId: profile.id })
    .go({ pages: 'all', attributes: ['id', 'name'] });
  return data.map((d) => ({ id: d.id, name: d.name }));
}

/**
 * The transaction item that replaces a profile's dog names with `next`, only if the stored list is
 * still the one read (`profile.dogNames`, absent included), so two dog writes at once cannot lose
 * each other's change: the second is cancelled and its caller reads again.
 */
export function dogNamesItem(e: Pick<TxEntities, 'profile'>, profile: DogNamesHolder, next: DogName[]): TxItem {
  const read = profile.dogNames;
  return e.profile
    .patch({ id: profile.id })
    .set({ dogNames: next })
    .where(({ dogNames }, { eq, notExists }) => (read ? eq(dogNames, read) : notExists(dogNames)))
    .commit();
}

export const withDog = (names: DogName[], dog: DogName): DogName[] => [...names.filter((d) => d.id !== dog.id), dog];

export const renamedDog = (names: DogName[], dog: DogName): DogName[] =>
  names.some((d) => d.id === dog.id) ? names.map((d) => (d.id === dog.id ? dog : d)) : [...names, dog];

export const withoutDog = (names: DogName[], id: string): DogName[] => names.filter((d) => d.id !== id);

/** Tries when only the names' guard failed (another dog write of the same client came first). */
const NAMES_RETRY = { attempts: 9, firstDelayMs: 10 };

/**
 * Runs a dog write (`items`) and the change of its client's dog names in one transaction. When only
 * the names' guard failed (another dog write of the same client came first), reads again and retries.
 * Returns the cancellation codes of `items` when one of them failed (the caller tells what it means),
 * else undefined. A profile that is gone (a client deleted meanwhile) has no names to change.
 */
export async function writeWithDogNames(
  profileId: string,
  change: (names: DogName[]) => DogName[],
  items: (e: TxEntities) => TxItem[],
): Promise<(string | undefined)[] | undefined> {
  return retryWhile(
    async () => {
      const { data } = await store()
        .entities.profile.get({ id: profileId })
        .go({ consistent: true, attributes: ['id', 'dogNames'] });
      const holder = (data ?? undefined) as DogNamesHolder | undefined;
      const next = holder ? change(await knownDogNames(holder)) : undefined;
      const { canceled, codes } = await writeTransaction((e) => {
        const own = items(e);
        return holder && next ? [...own, dogNamesItem(e, holder, next)] : own;
      });
      if (!canceled) return { done: true, own: undefined };
      const own = codes.slice(0, holder ? -1 : undefined);
      return { done: own.some((c) => c === 'ConditionalCheckFailed'), own };
    },
    (r) => !r.done,
    NAMES_RETRY,
  ).then((r) => r.own);
}
