/** True when the previous history entry is a page of this site (so going back stays on it). */
export function canGoBack(): boolean {
  if (typeof window === 'undefined') return false;
  // The portal's router numbers its own entries.
  const state = window.history.state as { idx?: number } | null;
  if (typeof state?.idx === 'number') return state.idx > 0;
  // Public pages are separate documents: the page that linked here is the one before it.
  if (window.history.length < 2 || !document.referrer) return false;
  try {
    return new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * "Go Back": the previous page when it is one of this site's, else `fallback`. `navigate` routes the
 * fallback inside the portal; public pages load it as a document.
 */
export function goBack(fallback = '/', navigate: (to: string) => void = (to) => window.location.assign(to)): void {
  if (canGoBack()) window.history.back();
  else navigate(fallback);
}
