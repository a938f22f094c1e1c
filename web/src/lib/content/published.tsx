import { createContext, type ReactNode, useContext } from 'react';
import type { PublicContentRecord, PublicSection } from '../../../../shared/contracts/content';

/**
 * The published content a page is rendered with: the build's (built-in, or the table's) or the render on
 * publish's (the table's). A section that is absent shows its built-in content. Nothing is fetched at
 * run time: the prerendered HTML has the content, and the same records are embedded in the page
 * (`<script id="published-content">`) for hydration to render the same markup.
 */
export interface PublishedContent {
  sections: Partial<Record<PublicSection, PublicContentRecord[]>>;
  /** Base of the public media areas (`/media`). */
  mediaUrl: string;
}

/** Where the public media are served from, in the cloud and locally (the runtime config's mediaUrl). */
export const MEDIA_URL = '/media';

const NONE: PublishedContent = { sections: {}, mediaUrl: MEDIA_URL };

interface Rendered {
  content: PublishedContent;
  /** The sections the page read while rendering (what the page shows, for the render on publish). */
  used: Set<PublicSection>;
}

const ContentContext = createContext<Rendered | null>(null);

/** The content of the page outside a provider (the browser: what the page embeds; tests: what they set). */
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
  used?: Set<PublicSection>;
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

/** The element id of the embedded content. */
export const CONTENT_SCRIPT_ID = 'published-content';

/** The sections a page read, as a `<script type="application/json">` safe to put in HTML. */
export function contentScript(content: PublishedContent, used: Iterable<PublicSection>): string {
  const sections: PublishedContent['sections'] = {};
  for (const s of used) if (content.sections[s]) sections[s] = content.sections[s];
  if (Object.keys(sections).length === 0) return '';
  // `<` escaped: no `</script>` or `<!--` can end the element early.
  const json = JSON.stringify({ sections, mediaUrl: content.mediaUrl }).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${CONTENT_SCRIPT_ID}">${json}</script>`;
}

/** The content embedded in the page (none when the page shows only built-in content). */
export function readEmbeddedContent(doc: Document): PublishedContent | undefined {
  const text = doc.getElementById(CONTENT_SCRIPT_ID)?.textContent;
  if (!text) return undefined;
  try {
    const parsed = JSON.parse(text) as Partial<PublishedContent>;
    return { sections: parsed.sections ?? {}, mediaUrl: parsed.mediaUrl ?? MEDIA_URL };
  } catch {
    return undefined;
  }
}
