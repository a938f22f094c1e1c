import { useEffect, useState } from 'react';

type Renderer = typeof import('./markdown-render');

let loaded: Renderer | undefined;
let loading: Promise<Renderer> | undefined;

/**
 * The Markdown renderer (markdown-render.ts), fetched the first time a screen needs it: the lists of
 * messages and templates never load it; opening a message, a preview or an export does (ADR 0015).
 */
export function loadMarkdown(): Promise<Renderer> {
  loading ??= import('./markdown-render').then((m) => {
    loaded = m;
    return m;
  });
  return loading;
}

/**
 * Renders Markdown content safely (messages, templates, previews): see markdown-render.ts for the rules.
 * Until the renderer has arrived (once per page load) the block is empty and marked busy.
 */
export function Markdown({ content, className }: { content: string; className?: string }) {
  const [renderer, setRenderer] = useState(loaded);
  useEffect(() => {
    if (renderer) return;
    let live = true;
    void loadMarkdown().then((m) => {
      if (live) setRenderer(m);
    });
    return () => {
      live = false;
    };
  }, [renderer]);
  const cls = className ? `markdown ${className}` : 'markdown';
  if (!renderer) return <div className={cls} aria-busy="true" />;
  return (
    <div
      className={cls}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by markdownToSafeHtml (marked without raw HTML, then DOMPurify with an allow-list).
      dangerouslySetInnerHTML={{ __html: renderer.markdownToSafeHtml(content) }}
    />
  );
}
