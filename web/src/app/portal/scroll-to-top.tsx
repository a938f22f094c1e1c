import { useLayoutEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * Each portal screen opens at its top, as the public pages do: a link or a redirect to another path
 * scrolls the window up before the new screen paints. Back and Forward (POP) leave the browser's own
 * scroll restoration alone; a change of the query string only (filters, views) keeps the place.
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the path changes, not on every navigation type
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
