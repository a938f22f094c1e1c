import { useCallback, useSyncExternalStore } from 'react';

/**
 * Phone widths: below the signed-in shell's drawer breakpoint (signed-in-layout.css), where a client's
 * screens stack what a desk shows side by side.
 */
export const NARROW_SCREEN = '(max-width: 687.98px)';

/** Whether `query` matches now, kept current as the window changes (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', changed);
      return () => list?.removeEventListener('change', changed);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
