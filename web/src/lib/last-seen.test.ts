import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetLastSeen, keepLastSeen, LAST_SEEN_MAX_AGE_MS, LAST_SEEN_STORAGE_KEY } from './last-seen';

const stored = () => window.localStorage.getItem(LAST_SEEN_STORAGE_KEY);

/** Waits until the persister's throttled save has written what `ready` looks for. */
async function savedWith(text: string) {
  await vi.waitFor(() => expect(stored() ?? '').toContain(text), { timeout: 3000 });
}

afterEach(() => {
  window.localStorage.clear();
  vi.useRealTimers();
});

describe("a client's last-seen data on this device", () => {
  it("keeps the client's own answered queries, and nothing of the trainer's or still loading", async () => {
    const client = new QueryClient();
    const stop = await keepLastSeen(client, 'client-1');
    client.setQueryData(['sessions', 'mine', 'list', 'upcoming'], { items: [{ id: 's1', dogName: 'Rex' }] });
    client.setQueryData(['messages', 'inbox', 'list', 'all'], { pages: [{ items: [{ subject: 'Homework' }] }] });
    client.setQueryData(['dogs', 'mine'], { items: [{ name: 'Rex' }] });
    client.setQueryData(['clients', 'list', 'active', ''], { items: [{ email: 'someone.else@example.com' }] });
    client.setQueryData(['sessions', 'admin', 'stats'], { total: 9 });
    void client.prefetchQuery({ queryKey: ['credits', 'mine'], queryFn: () => new Promise(() => undefined) });
    await savedWith('Homework');
    const copy = JSON.parse(stored() as string) as {
      buster: string;
      clientState: { queries: { queryKey: unknown[] }[] };
    };
    expect(copy.buster).toBe('client-1');
    expect(copy.clientState.queries.map((q) => q.queryKey)).toEqual([
      ['sessions', 'mine', 'list', 'upcoming'],
      ['messages', 'inbox', 'list', 'all'],
      ['dogs', 'mine'],
    ]);
    stop();
  });

  it('restores the copy for the same person at once, and discards another person’s', async () => {
    const first = new QueryClient();
    const stop = await keepLastSeen(first, 'client-1');
    first.setQueryData(['sessions', 'mine', 'upcoming', 3], { items: [{ id: 's1' }] });
    await savedWith('s1');
    stop();

    const again = new QueryClient();
    (await keepLastSeen(again, 'client-1'))();
    expect(again.getQueryData(['sessions', 'mine', 'upcoming', 3])).toEqual({ items: [{ id: 's1' }] });

    const other = new QueryClient();
    (await keepLastSeen(other, 'client-2'))();
    expect(other.getQueryData(['sessions', 'mine', 'upcoming', 3])).toBeUndefined();
    expect(stored()).toBeNull();
  });

  it('does not show a copy older than a week', async () => {
    const first = new QueryClient();
    const stop = await keepLastSeen(first, 'client-1');
    first.setQueryData(['dogs', 'mine'], { items: [{ name: 'Rex' }] });
    await savedWith('Rex');
    stop();
    const copy = JSON.parse(stored() as string) as { timestamp: number };
    window.localStorage.setItem(
      LAST_SEEN_STORAGE_KEY,
      JSON.stringify({ ...copy, timestamp: Date.now() - LAST_SEEN_MAX_AGE_MS - 1000 }),
    );
    const later = new QueryClient();
    (await keepLastSeen(later, 'client-1'))();
    expect(later.getQueryData(['dogs', 'mine'])).toBeUndefined();
  });

  it('writes nothing after it stopped, even a save that was waiting; sign-out forgets the copy', async () => {
    const client = new QueryClient();
    const stop = await keepLastSeen(client, 'client-1');
    client.setQueryData(['dogs', 'mine'], { items: [{ name: 'Rex' }] });
    await savedWith('Rex');
    vi.useFakeTimers();
    client.setQueryData(['dogs', 'mine'], { items: [{ name: 'Luna' }] });
    stop();
    forgetLastSeen();
    // Past the persister's one-second throttle: the waiting save runs, and writes nothing.
    await vi.advanceTimersByTimeAsync(2000);
    expect(stored()).toBeNull();
  });
});
