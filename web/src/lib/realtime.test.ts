import { afterEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, connectRealtime, type WebSocketLike } from './realtime';

class FakeSocket implements WebSocketLike {
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  closed = false;
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
  }
}

describe('backoffDelay', () => {
  it('doubles from the initial delay up to the maximum', () => {
    const noJitter = () => 0;
    expect([0, 1, 2, 3, 10].map((n) => backoffDelay(n, 1000, 30_000, noJitter))).toEqual([
      1000, 2000, 4000, 8000, 30_000,
    ]);
    expect(backoffDelay(0, 1000, 30_000, () => 1)).toBe(1250);
  });
});

describe('connectRealtime', () => {
  afterEach(() => vi.useRealTimers());

  it('connects with the ID token, parses JSON frames and reconnects with back-off', async () => {
    vi.useFakeTimers();
    const sockets: FakeSocket[] = [];
    const messages: unknown[] = [];
    const connection = connectRealtime({
      url: 'wss://ws.example.com/prod',
      getToken: async () => 'a.b.c',
      onMessage: (m) => messages.push(m),
      createSocket: (url) => {
        const s = new FakeSocket(url);
        sockets.push(s);
        return s;
      },
      random: () => 0,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(1);
    expect(sockets[0].url).toBe('wss://ws.example.com/prod?token=a.b.c');

    sockets[0].onopen?.(new Event('open'));
    sockets[0].onmessage?.(new MessageEvent('message', { data: '{"type":"ping"}' }));
    sockets[0].onmessage?.(new MessageEvent('message', { data: 'not json' }));
    expect(messages).toEqual([{ type: 'ping' }]);

    sockets[0].onclose?.(new CloseEvent('close'));
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);

    // Closing again without ever opening: the next delay doubles.
    sockets[1].onclose?.(new CloseEvent('close'));
    await vi.advanceTimersByTimeAsync(1999);
    expect(sockets).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(3);

    connection.close();
    expect(sockets[2].closed).toBe(true);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sockets).toHaveLength(3);
  });

  it('waits and retries while there is no token', async () => {
    vi.useFakeTimers();
    let token: string | undefined;
    const created: string[] = [];
    const connection = connectRealtime({
      url: 'ws://127.0.0.1:3001',
      getToken: async () => token,
      onMessage: () => undefined,
      createSocket: (url) => {
        created.push(url);
        return new FakeSocket(url);
      },
      random: () => 0,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(created).toEqual([]);
    token = 'tok';
    await vi.advanceTimersByTimeAsync(1000);
    expect(created).toEqual(['ws://127.0.0.1:3001?token=tok']);
    connection.close();
  });
});
