import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef } from 'react';
import { connectRealtime, type WebSocketFactory } from './realtime';

type Listener = (data: unknown) => void;

interface RealtimeContextValue {
  subscribe(listener: Listener): () => void;
}

const RealtimeContext = createContext<RealtimeContextValue | null>(null);

/**
 * One WebSocket per signed-in tab; components subscribe to its messages. `createSocket` lets tests
 * inject a fake socket.
 */
export function RealtimeProvider({
  url,
  getToken,
  enabled,
  createSocket,
  children,
}: {
  url: string;
  getToken: () => Promise<string | undefined>;
  enabled: boolean;
  createSocket?: WebSocketFactory;
  children: ReactNode;
}) {
  const listeners = useRef(new Set<Listener>());
  const tokenRef = useRef(getToken);
  tokenRef.current = getToken;

  useEffect(() => {
    if (!enabled || !url) return;
    const connection = connectRealtime({
      url,
      getToken: () => tokenRef.current(),
      createSocket,
      onMessage: (data) => {
        for (const l of listeners.current) l(data);
      },
    });
    return () => connection.close();
  }, [url, enabled, createSocket]);

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
  return <RealtimeContext.Provider value={value}>{children}</RealtimeContext.Provider>;
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
