import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';

/** Every route starts at the top of the page (SPEC 2). */
export function ScrollToTop() {
  const { pathname } = useLocation();
  // Runs on every path change.
  useEffect(() => {
    if (pathname) window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}
