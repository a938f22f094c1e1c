import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';

/*
 * A client's last-seen data on this device (ADR 0077): their sessions, messages and conversations, dogs
 * and vaccination records, credits and bookings, kept in localStorage by TanStack Query's persister. A
 * screen shows them at once while it refreshes, and offline (the service worker serves the portal's
 * code) it shows them instead of nothing. The copy belongs to one person: it is restored only for the
 * user who saved it, and sign-out removes it. The trainer's data is not kept (a desk, and a book of
 * thousands of clients).
 */

/** Where the copy lives in localStorage. */
export const LAST_SEEN_STORAGE_KEY = 'pawsitive.last-seen';
/** A copy older than this is not shown (the client has not opened the portal on this device for a week). */
export const LAST_SEEN_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** The client's own queries worth keeping, by the start of their keys (each feature's `…Keys`). */
const KEPT: readonly QueryKey[] = [
  ['sessions', 'mine'],
  ['class-meetings'],
  ['bookings', 'mine'],
  ['messages', 'inbox'],
  ['messages', 'me'],
  ['my-conversations'],
  ['dogs', 'mine'],
  ['dogs', 'detail'],
  ['vaccinations', 'dog'],
  ['credits', 'mine'],
];

const startsWith = (key: QueryKey, prefix: QueryKey) => prefix.every((part, i) => key[i] === part);

/** Whether a query is one of the client's own that the copy keeps (answered, and on the list). */
export function isKept(query: Pick<Query, 'queryKey' | 'state'>): boolean {
  return query.state.status === 'success' && KEPT.some((prefix) => startsWith(query.queryKey, prefix));
}

/**
 * Restores `userId`'s copy into the query cache (another person's copy, or one older than a week, is
 * discarded) and keeps it up to date from then on. Resolves to the function that stops keeping it: after
 * that, a save the persister still had waiting (it writes at most once a second) writes nothing.
 */
export async function keepLastSeen(queryClient: QueryClient, userId: string): Promise<() => void> {
  let kept = true;
  const storage = {
    getItem: (key: string) => window.localStorage.getItem(key),
    setItem: (key: string, value: string) => {
      if (kept) window.localStorage.setItem(key, value);
    },
    removeItem: (key: string) => window.localStorage.removeItem(key),
  };
  const persister = createAsyncStoragePersister({ storage, key: LAST_SEEN_STORAGE_KEY, throttleTime: 1000 });
  const options = { queryClient, persister, buster: userId, maxAge: LAST_SEEN_MAX_AGE_MS };
  await persistQueryClientRestore(options);
  const unsubscribe = persistQueryClientSubscribe({ ...options, dehydrateOptions: { shouldDehydrateQuery: isKept } });
  return () => {
    kept = false;
    unsubscribe();
  };
}

/** Sign-out: this device forgets the person's copy. */
export function forgetLastSeen(): void {
  try {
    window.localStorage.removeItem(LAST_SEEN_STORAGE_KEY);
  } catch {
    // Storage unavailable (private mode): nothing was kept.
  }
}
