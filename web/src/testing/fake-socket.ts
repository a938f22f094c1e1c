/**
 * Tests only: a WebSocket stand-in a test drives by hand (lib/realtime's `WebSocketLike`). It opens, hears
 * a frame or drops only when the test says so; `fakeSockets()` gives the `createSocket` to pass to
 * `RealtimeProvider` or `connectRealtime` and keeps every socket it made, in order.
 */
import { expect, vi } from 'vitest';
import type { WebSocketFactory, WebSocketLike } from '../lib/realtime';

export class FakeSocket implements WebSocketLike {
  onopen: ((ev: Event) => void) | null = null;
  onmessage: ((ev: MessageEvent) => void) | null = null;
  onclose: ((ev: CloseEvent) => void) | null = null;
  onerror: ((ev: Event) => void) | null = null;
  /** Whether the code under test closed it. */
  closed = false;
  constructor(readonly url: string) {}
  close() {
    this.closed = true;
  }
  /** The server accepted the connection. */
  open() {
    this.onopen?.(new Event('open'));
  }
  /** A text frame as it arrives. */
  receive(data: string) {
    this.onmessage?.(new MessageEvent('message', { data }));
  }
  /** A notice from the server, sent as JSON. */
  push(notice: unknown) {
    this.receive(JSON.stringify(notice));
  }
  /** The connection is lost (1006: closed without a close frame). */
  drop() {
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }
}

/** The sockets one test's code opens: `create` is its `createSocket`; `opened` lists them, oldest first. */
export function fakeSockets() {
  const opened: FakeSocket[] = [];
  const create: WebSocketFactory = (url) => {
    const socket = new FakeSocket(url);
    opened.push(socket);
    return socket;
  };
  return {
    opened,
    create,
    /** The newest socket (there must be one). */
    latest: () => {
      const socket = opened.at(-1);
      if (!socket) throw new Error('No socket was opened');
      return socket;
    },
    /** The one socket, once it is opened (a second one fails the wait). */
    sole: async () => {
      await vi.waitFor(() => expect(opened).toHaveLength(1));
      return opened[0];
    },
  };
}
export type FakeSockets = ReturnType<typeof fakeSockets>;
