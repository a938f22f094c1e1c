import { onlineManager, QueryClient, QueryClientProvider, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { ApiError } from './api';
import { noteLiveConnection } from './connectivity';
import { useRealtimeMessages, useRealtimeStatus } from './realtime-context';

/**
 * The portal's one query layer (TanStack Query): caching, refetch on focus, and refetch when a
 * realtime event says the data changed. Each feature keeps its queries in `features/<f>/api`.
 */
export function createQueryClient() {
  // TanStack Query assumes online until the browser's first offline event; a portal opened offline (the
  // service worker's shell, ADR 0077) starts from what the browser knows, so its queries wait for the
  // network with the last-seen data shown instead of failing.
  if (typeof navigator !== 'undefined' && navigator.onLine === false) onlineManager.setOnline(false);
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: true,
        // 4xx answers are final (access denied, not found, bad input); network and 5xx retry twice.
        retry: (count, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && count < 2,
      },
      mutations: { retry: false },
    },
  });
}

export function QueryProvider({ children }: { children: ReactNode }) {
  const [client] = useState(createQueryClient);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

/** Invalidates `keys` whenever a realtime message matching `matches` arrives. */
export function useInvalidateOnRealtime(matches: (message: unknown) => boolean, keys: readonly QueryKey[]) {
  const client = useQueryClient();
  useRealtimeMessages((message) => {
    if (!matches(message)) return;
    for (const queryKey of keys) void client.invalidateQueries({ queryKey });
  });
}

/** Reports the live connection's state to the portal's offline switch (lib/connectivity.ts). */
export function useLiveConnectionProbe() {
  const status = useRealtimeStatus();
  useEffect(() => {
    noteLiveConnection(status);
    return () => noteLiveConnection('off');
  }, [status]);
}
