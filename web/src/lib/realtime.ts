/** The part of the browser WebSocket the realtime client uses (tests inject a fake). */
export interface WebSocketLike {
  onopen: ((ev: Event) => void) | null;
  onmessage: ((ev: MessageEvent) => void) | null;
  onclose: ((ev: CloseEvent) => void) | null;
  onerror: ((ev: Event) => void) | null;
  close(code?: number, reason?: string): void;
}

export type WebSocketFactory = (url: string) => WebSocketLike;

export interface RealtimeOptions {
  /** WebSocket API URL from /config.json. */
  url: string;
  /** The ID token, sent as `?token=`. */
  getToken: () => Promise<string | undefined>;
  onMessage: (data: unknown) => void;
  onStatus?: (status: 'connecting' | 'open' | 'closed') => void;
  createSocket?: WebSocketFactory;
  initialDelayMs?: number;
  maxDelayMs?: number;
  random?: () => number;
}

export interface RealtimeConnection {
  close(): void;
}

/** Reconnect delay: doubling from `initial` up to `max`, plus up to 25% jitter. */
export function backoffDelay(attempt: number, initial = 1000, max = 30_000, random = Math.random): number {
  const base = Math.min(max, initial * 2 ** attempt);
  return Math.round(base + base * 0.25 * random());
}

/**
 * Connects to `${url}?token=<ID token>`, hands every text frame (parsed as JSON) to `onMessage`, and
 * reconnects with back-off whenever the socket closes, until `close()` is called.
 */
export function connectRealtime(options: RealtimeOptions): RealtimeConnection {
  const {
    url,
    getToken,
    onMessage,
    onStatus,
    createSocket = (u) => new WebSocket(u),
    initialDelayMs = 1000,
    maxDelayMs = 30_000,
    random = Math.random,
  } = options;
  let socket: WebSocketLike | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let stopped = false;

  const scheduleReconnect = () => {
    if (stopped) return;
    onStatus?.('closed');
    const delay = backoffDelay(attempt, initialDelayMs, maxDelayMs, random);
    attempt += 1;
    timer = setTimeout(open, delay);
  };

  async function open() {
    if (stopped) return;
    onStatus?.('connecting');
    let token: string | undefined;
    try {
      token = await getToken();
    } catch {
      token = undefined;
    }
    if (stopped) return;
    if (!token) return scheduleReconnect();
    const separator = url.includes('?') ? '&' : '?';
    let ws: WebSocketLike;
    try {
      ws = createSocket(`${url}${separator}token=${encodeURIComponent(token)}`);
    } catch {
      return scheduleReconnect();
    }
    socket = ws;
    ws.onopen = () => {
      attempt = 0;
      onStatus?.('open');
    };
    ws.onmessage = (ev) => {
      if (typeof ev.data !== 'string') return;
      try {
        onMessage(JSON.parse(ev.data));
      } catch {
        // Not JSON: ignore the frame.
      }
    };
    ws.onerror = () => undefined;
    ws.onclose = () => {
      if (socket === ws) socket = undefined;
      scheduleReconnect();
    };
  }

  void open();

  return {
    close() {
      stopped = true;
      clearTimeout(timer);
      const ws = socket;
      socket = undefined;
      if (ws) {
        ws.onclose = null;
        ws.close(1000, 'client closed');
      }
      onStatus?.('closed');
    },
  };
}
