import Alert from '@cloudscape-design/components/alert';
import Button from '@cloudscape-design/components/button';
import { Component, type ComponentType, type ErrorInfo, lazy, type ReactNode, Suspense } from 'react';
import { PageLoading } from '../../../app/page-loading';

interface BoundaryState {
  error?: Error;
}

/**
 * Portal conventions: every screen sits in its own error boundary, so a failed chunk load or a
 * render error shows a message with Reload instead of a blank page.
 */
export class ScreenBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = {};

  static getDerivedStateFromError(error: Error): BoundaryState {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Portal screen failed', error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    const chunk = /dynamically imported module|Loading chunk|Failed to fetch/i.test(this.state.error.message);
    return (
      <div className="portal-error">
        <Alert
          type="error"
          header={chunk ? 'This page could not be loaded' : 'Something went wrong on this page'}
          action={<Button onClick={() => window.location.reload()}>Reload</Button>}
        >
          {chunk
            ? 'A part of the portal did not download. Check your connection and reload the page.'
            : 'Reload the page to try again. If it keeps happening, please tell us what you were doing.'}
        </Alert>
      </div>
    );
  }
}

/** A portal screen in its own lazy chunk, inside its own error boundary. */
export function lazyScreen(load: () => Promise<ComponentType>): ComponentType {
  const Lazy = lazy(async () => ({ default: await load() }));
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
