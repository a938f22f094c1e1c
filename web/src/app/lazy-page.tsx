import { type ComponentType, lazy } from 'react';

export type PreloadablePage = ComponentType & {
  /** Starts loading the page's chunk; resolves once it can render without suspending. */
  preload(): Promise<unknown>;
  /** Source module, for the prerender's CSS / modulepreload lookup in Vite's manifest. */
  module: string;
};

/**
 * A public page in its own chunk. Unlike plain React.lazy it renders synchronously once preloaded,
 * so the client can load the current page's chunk first and then hydrate without suspending.
 */
export function lazyPage(module: string, load: () => Promise<ComponentType>): PreloadablePage {
  let Loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const preload = () => {
    pending ??= load().then((component) => {
      Loaded = component;
      return component;
    });
    return pending;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  function Page() {
    return Loaded ? <Loaded /> : <Lazy />;
  }
  return Object.assign(Page, { preload, module });
}
