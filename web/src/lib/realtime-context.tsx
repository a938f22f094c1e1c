import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { connectRealtime, type WebSocketFactory } from './realtime';

type Listener = (data: unknown) => void;

interface RealtimeContextValue {
  subscribe(listener: Listener): () => void;
}

const RealtimeContext = createContext<RealtimeContextValue | null>(null);

/**
 * The tab's live connection: `off` while signed out, `connecting` until the first open, `open`, and
 * `reconnecting` whenever it is down after having been open (the portal shows it, app/portal).
 */
export type RealtimeStatus = 'off' | 'connecting' | 'open' | 'reconnecting';

const RealtimeStatusContext = createContext<RealtimeStatus>('off');

/**
 * One WebSocket per signed-in tab; components subscribe to its messages. `createSocket` lets tests
 * inject a fake socket.
 */
export function RealtimeProvider({
  url,
  getToken,
  enabled,
  createSocket,
  onReconnect,
  reconnectDelayMs,
  children,
}: {
  url: string;
  getToken: () => Promise<string | undefined>;
  enabled: boolean;
  createSocket?: WebSocketFactory;
  /** Called each time the socket is open again after a drop (events may have been missed meanwhile). */
  onReconnect?: () => void;
  /** First reconnect delay (tests shorten it). */
  reconnectDelayMs?: number;
  children: ReactNode;
}) {
  const listeners = useRef(new Set<Listener>());
  const tokenRef = useRef(getToken);
  tokenRef.current = getToken;
  const reconnectRef = useRef(onReconnect);
  reconnectRef.current = onReconnect;
  const [status, setStatus] = useState<RealtimeStatus>('off');

  useEffect(() => {
    if (!enabled || !url) {
      setStatus('off');
      return;
    }
    let opened = false;
    let stopped = false;
    setStatus('connecting');
    const connection = connectRealtime({
      url,
      getToken: () => tokenRef.current(),
      createSocket,
      initialDelayMs: reconnectDelayMs,
      onStatus: (next) => {
        if (stopped) return;
        if (next === 'open') {
          if (opened) reconnectRef.current?.();
          opened = true;
          setStatus('open');
        } else {
          setStatus(opened ? 'reconnecting' : 'connecting');
        }
      },
      onMessage: (data) => {
        for (const l of listeners.current) l(data);
      },
    });
    return () => {
      stopped = true;
      connection.close();
    };
  }, [url, enabled, createSocket, reconnectDelayMs]);

  const value = useMemo<RealtimeContextValue>(
    () => ({
      subscribe(listener) {
        listeners.current.add(listener);
        return () => {
          listeners.current.delete(listener);
        };
      },
    }),
    [],
  );
  return (
    <RealtimeContext.Provider value={value}>
      <RealtimeStatusContext.Provider value={status}>{children}</RealtimeStatusContext.Provider>
    </RealtimeContext.Provider>
  );
}

/** The live connection's state (see RealtimeStatus). */
export function useRealtimeStatus(): RealtimeStatus {
  return useContext(RealtimeStatusContext);
}

/** Calls `listener` with every realtime message while the component is mounted. */
export function useRealtimeMessages(listener: Listener): void {
  const context = useContext(RealtimeContext);
  const latest = useRef(listener);
  latest.current = listener;
  useEffect(() => {
    if (!context) return;
    return context.subscribe((data) => latest.current(data));
  }, [context]);
}
