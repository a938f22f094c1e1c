import { createContext, type ReactNode, useContext } from 'react';

interface SiteInfo {
  /** Absolute origin of the public site for canonical and social URLs ('' = relative URLs). */
  siteUrl: string;
}

const SiteContext = createContext<SiteInfo>({ siteUrl: '' });

export function SiteProvider({ siteUrl, children }: { siteUrl: string; children: ReactNode }) {
  return <SiteContext.Provider value={{ siteUrl: siteUrl.replace(/\/+$/, '') }}>{children}</SiteContext.Provider>;
}

export function useSiteUrl(): string {
  return useContext(SiteContext).siteUrl;
}

/** `/path` on the site, absolute when the site URL is known. */
export function siteHref(siteUrl: string, path: string): string {
  return `${siteUrl}${path.startsWith('/') ? path : `/${path}`}`;
}
