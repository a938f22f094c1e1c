import { useEffect, useRef, useState } from 'react';

/** SPEC 9: the header always shows within 10px of the top. */
export const HEADER_TOP_THRESHOLD = 10;

/**
 * Whether the header shows after the page scrolled from `previousY` to `currentY`: always near the
 * top, hidden while scrolling down, shown again on any scroll up.
 */
export function nextHeaderVisibility(
  previousY: number,
  currentY: number,
  wasVisible: boolean,
  threshold = HEADER_TOP_THRESHOLD,
): boolean {
  if (currentY <= threshold) return true;
  if (currentY > previousY) return false;
  if (currentY < previousY) return true;
  return wasVisible;
}

/** Tracks window scrolling (one listener, batched per animation frame). */
export function useHeaderVisibility(threshold = HEADER_TOP_THRESHOLD): boolean {
  const [visible, setVisible] = useState(true);
  const lastY = useRef(0);
  const visibleRef = useRef(true);

  useEffect(() => {
    lastY.current = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = Math.max(0, window.scrollY);
      const next = nextHeaderVisibility(lastY.current, y, visibleRef.current, threshold);
      lastY.current = y;
      if (next !== visibleRef.current) {
        visibleRef.current = next;
        setVisible(next);
      }
    };
    const onScroll = () => {
      if (!frame) frame = window.requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) window.cancelAnimationFrame(frame);
    };
  }, [threshold]);

  return visible;
}
