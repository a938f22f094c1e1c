import { StrictMode } from 'react';
import { type HydrationOptions, hydrateRoot } from 'react-dom/client';
import { ContactForm } from '../features/contact/components/contact-form';

/**
 * The contact page's one React island: hydrates the prerendered free-evaluation form inside
 * `[data-island="contact-form"]` (features/contact/components/contact-page.tsx). Loaded by
 * app/islands.ts when the form comes near the viewport or is touched.
 */
export function hydrateIsland(island: HTMLElement, options?: HydrationOptions): void {
  // Marked once the form holds what was typed before: a submit held until then is made again (app/islands.ts).
  const ready = () => {
    island.dataset.hydrated = 'true';
  };
  hydrateRoot(
    island,
    <StrictMode>
      <ContactForm onReady={ready} />
    </StrictMode>,
    options,
  );
}
