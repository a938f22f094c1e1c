import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeSockets } from '../testing/fake-socket';
import { backoffDelay, connectRealtime } from './realtime';

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
    const { opened: sockets, create } = fakeSockets();
    const messages: unknown[] = [];
    const connection = connectRealtime({
      url: 'wss://ws.example.com/prod',
      getToken: async () => 'a.b.c',
      onMessage: (m) => messages.push(m),
      createSocket: create,
      random: () => 0,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(sockets).toHaveLength(1);
    expect(sockets[0].url).toBe('wss://ws.example.com/prod?token=a.b.c');

    sockets[0].open();
    sockets[0].receive('{"type":"ping"}');
    sockets[0].receive('not json');
    expect(messages).toEqual([{ type: 'ping' }]);

    sockets[0].drop();
    await vi.advanceTimersByTimeAsync(999);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);

    // Closing again without ever opening: the next delay doubles.
    sockets[1].drop();
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
    const { opened, create } = fakeSockets();
    const connection = connectRealtime({
      url: 'ws://127.0.0.1:3001',
      getToken: async () => token,
      onMessage: () => undefined,
      createSocket: create,
      random: () => 0,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(opened).toEqual([]);
    token = 'tok';
    await vi.advanceTimersByTimeAsync(1000);
    expect(opened.map((s) => s.url)).toEqual(['ws://127.0.0.1:3001?token=tok']);
    connection.close();
  });
});
