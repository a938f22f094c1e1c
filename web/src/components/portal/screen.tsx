import { Component, type ComponentType, type ErrorInfo, lazy, type ReactNode, Suspense } from 'react';
import { PageLoading } from '../../app/page-loading';

interface BoundaryState {
  error?: Error;
}

/** Whether an error is a lazy chunk that did not download (offline, or a deploy replaced the hashed file). */
export function isChunkLoadError(error: Error): boolean {
  return /dynamically imported module|Importing a module script failed|Loading chunk|Loading CSS chunk|Unable to preload CSS|Failed to fetch/i.test(
    `${error.name} ${error.message}`,
  );
}

export const CHUNK_ERROR_TITLE = 'This page could not be loaded';
export const RENDER_ERROR_TITLE = 'Something went wrong on this page';

/**
 * Portal conventions: the portal and every screen sit in an error boundary, so a failed chunk load or
 * a render error shows a message with Reload instead of a blank page. Plain HTML (global.css buttons):
 * it must render when the chunk that failed is the one with Cloudscape in it.
 */
export class ScreenBoundary extends Component<{ children: ReactNode; reload?: () => void }, BoundaryState> {
  override state: BoundaryState = {};

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Portal screen failed', error, info.componentStack);
  }

  override render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    const chunk = isChunkLoadError(error);
    const reload = this.props.reload ?? (() => window.location.reload());
    return (
      <div className="screen-error" role="alert">
        <h1>{chunk ? CHUNK_ERROR_TITLE : RENDER_ERROR_TITLE}</h1>
        <p>
          {chunk
            ? 'A part of the portal did not download, perhaps because a new version was just published. Reload the page to get it.'
            : 'Reload the page to try again. If it keeps happening, please tell us what you were doing.'}
        </p>
        <button type="button" className="btn btn-primary" onClick={reload}>
          Reload
        </button>
      </div>
    );
  }
}

/**
 * A portal screen (or layout) in its own lazy chunk, inside its own error boundary. zod is made
 * jitless before the chunk's modules run (lib/zod-jitless.ts).
 */
export function lazyScreen(load: () => Promise<ComponentType>): ComponentType {
  const Lazy = lazy(async () => {
    await import('../../lib/zod-jitless');
    return { default: await load() };
  });
  return function Screen() {
    return (
      <ScreenBoundary>
        <Suspense fallback={<PageLoading />}>
          <Lazy />
        </Suspense>
      </ScreenBoundary>
    );
  };
}
