import { type RefObject, useLayoutEffect, useRef } from 'react';

/**
 * Keeps a region from shrinking on screen when its content is swapped (e.g. prerendered built-in
 * stories replaced by the store's empty or error state): when it gets shorter, it keeps a min-height
 * covering the part that was inside the viewport, so nothing visible moves (no layout shift). Content
 * below the fold may still move up; the visitor never sees it jump. Runs before paint.
 */
export function useKeepViewportSpace(ref: RefObject<HTMLElement | null>, key: unknown): void {
  const last = useRef<number | undefined>(undefined);
  // Re-measures whenever the shown state (`key`) changes.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` is the trigger (not read); `ref` is a stable ref object.
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const rect = el.getBoundingClientRect();
    const before = last.current;
    if (before !== undefined && rect.height < before) {
      const visible = Math.min(before, Math.max(0, window.innerHeight - rect.top));
      if (visible > rect.height) el.style.minHeight = `${Math.ceil(visible)}px`;
    }
    last.current = el.getBoundingClientRect().height;
  }, [key]);
}
