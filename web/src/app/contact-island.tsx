import { StrictMode, useEffect } from 'react';
import { type HydrationOptions, hydrateRoot } from 'react-dom/client';
import { ContactForm } from '../features/contact/components/contact-form';

function Hydrated({ island }: { island: HTMLElement }) {
  useEffect(() => {
    island.dataset.hydrated = 'true';
  }, [island]);
  return null;
}

/**
 * The contact page's one React island: hydrates the prerendered free-evaluation form inside
 * `[data-island="contact-form"]` (features/contact/components/contact-page.tsx). Loaded by
 * app/islands.ts when the form comes near the viewport or is touched.
 */
export function hydrateIsland(island: HTMLElement, options?: HydrationOptions): void {
  hydrateRoot(
    island,
    <StrictMode>
      <ContactForm />
      <Hydrated island={island} />
    </StrictMode>,
    options,
  );
}
