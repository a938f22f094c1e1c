import { QueryClient, QueryClientProvider, type QueryKey, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { ApiError } from './api';
import { useRealtimeMessages } from './realtime-context';

/**
 * The portal's one query layer (TanStack Query): caching, refetch on focus, and refetch when a
 * realtime event says the data changed. Each feature keeps its queries in `features/<f>/api`.
 */
export function createQueryClient() {
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
