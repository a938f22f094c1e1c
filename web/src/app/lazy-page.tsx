import { type ComponentType, lazy } from 'react';
import type { Params } from './paths';

export type PreloadablePage<P extends Params = Params> = ComponentType<P> & {
  /** Starts loading the page's chunk; resolves once it can render without suspending. */
  preload(): Promise<unknown>;
  /** Source module, for the prerender's CSS / modulepreload lookup in Vite's manifest. */
  module: string;
};

/**
 * A public page in its own chunk. Unlike plain React.lazy it renders synchronously once preloaded,
 * so the client can load the current page's chunk first and then hydrate without suspending.
 */
export function lazyPage<P extends Params = Params>(
  module: string,
  load: () => Promise<ComponentType<P>>,
): PreloadablePage<P> {
  let Loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () => {
    pending ??= load().then((component) => {
      Loaded = component;
      return component;
    });
    return pending;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Page(props: P) {
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Page, { preload, module });
}
