import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';

interface SiteInfo {
  /** Absolute origin of the public site for canonical and social URLs ('' = not configured). */
  siteUrl: string;
}

const SiteContext = createContext<SiteInfo>({ siteUrl: '' });

/**
 * The site URL: SITE_URL at build, which the prerender passes here and writes into the page as
 * `<div id="root" data-site-url>` for main.tsx to pass again, so server and client agree.
 */
export function SiteProvider({ siteUrl, children }: { siteUrl: string; children: ReactNode }) {
  return <SiteContext.Provider value={{ siteUrl: siteUrl.replace(/\/+$/, '') }}>{children}</SiteContext.Provider>;
}

const noSubscription = () => () => {};
const browserOrigin = () => window.location.origin;
const noOrigin = () => '';

/**
 * Absolute origin for canonical, og:url and structured data: the configured site URL; without one
 * (a build without SITE_URL), the page's own origin once in the browser. The server render and
 * hydration see '' then (the server snapshot), React re-renders with the origin right after, so the
 * hydrated markup never mismatches the static HTML.
 */
export function useSiteUrl(): string {
  const configured = useContext(SiteContext).siteUrl;
  const origin = useSyncExternalStore(noSubscription, browserOrigin, noOrigin);
  return configured || origin;
}

/** `/path` on the site, absolute when the site URL is known. */
export function siteHref(siteUrl: string, path: string): string {
  return `${siteUrl}${path.startsWith('/') ? path : `/${path}`}`;
}
