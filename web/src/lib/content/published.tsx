import { createContext, type ReactNode, useContext } from 'react';
import type { PublicContentRecord, PublicSection } from '#shared/contracts/content';
import { CLASSES_SECTION, type PublicClasses } from '#shared/contracts/public-classes';

/** What a page can show: a section of the website content, or the group classes. */
export type PageSection = PublicSection | typeof CLASSES_SECTION;

/**
 * The published content a page is rendered with: the build's (built-in, or the table's) or the render on
 * publish's (the table's). A section that is absent shows its built-in content. Nothing is fetched at
 * run time: the prerendered HTML has the content, and nothing hydrates it (lib/static-page), so the
 * records are not embedded.
 */
export interface PublishedContent {
  sections: Partial<Record<PublicSection, PublicContentRecord[]>>;
  /** Base of the public media areas (`/media`). */
  mediaUrl: string;
  /** The upcoming published classes (absent: the pages show no class). */
  classes?: PublicClasses;
}

/** Where the public media are served from, in the cloud and locally (the runtime config's mediaUrl). */
export const MEDIA_URL = '/media';

const NONE: PublishedContent = { sections: {}, mediaUrl: MEDIA_URL };

interface Rendered {
  content: PublishedContent;
  /** The sections the page read while rendering (what the page shows, for the render on publish). */
  used: Set<PageSection>;
}

const ContentContext = createContext<Rendered | null>(null);

/** The content of a page outside a provider (the SPA shell: built-ins; tests: what they set). */
let ambient: PublishedContent = NONE;

export function setAmbientContent(content: PublishedContent | undefined): void {
  ambient = content ?? NONE;
}

export function PublishedContentProvider({
  content,
  used,
  children,
}: {
  content: PublishedContent;
  used?: Set<PageSection>;
  children: ReactNode;
}) {
  return <ContentContext.Provider value={{ content, used: used ?? new Set() }}>{children}</ContentContext.Provider>;
}

/** A section's published records (undefined: the section shows its built-in content) and the media base. */
export function useSectionRecords(section: PublicSection): {
  records: PublicContentRecord[] | undefined;
  mediaUrl: string;
} {
  const rendered = useContext(ContentContext);
  rendered?.used.add(section);
  const content = rendered?.content ?? ambient;
  return { records: content.sections[section], mediaUrl: content.mediaUrl };
}

/** The upcoming published classes a page shows (none until one is published). */
export function usePublicClasses(): PublicClasses {
  const rendered = useContext(ContentContext);
  rendered?.used.add(CLASSES_SECTION);
  const content = rendered?.content ?? ambient;
  return content.classes ?? { timeZone: 'America/New_York', classes: [] };
}
