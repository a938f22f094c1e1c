import { lazy } from 'react';
import { HomePage } from '../features/home/components/home-page';
import { whenNear } from '../lib/when-near';

/*
 * Below the fold, the success stories and testimonials come in their own chunk (with their built-in
 * content), loaded as the visitor scrolls towards them: they are in the prerendered HTML and hydrate
 * once the chunk arrives, so `/` loads only what its first screen needs. Their styles are in blocks.css
 * (with this page) so the HTML is styled at once.
 */
const StoriesGrid = lazy(async () => {
  await whenNear('#stories-heading');
  return { default: (await import('../features/success-stories/components/stories-grid')).StoriesGrid };
});
const TestimonialsBlock = lazy(async () => {
  await whenNear('#testimonials-heading');
  return { default: (await import('../features/testimonials/components/testimonials-block')).TestimonialsBlock };
});

/** `/`: the home page with its success stories and testimonials. */
export function Home() {
  return <HomePage stories={<StoriesGrid limit={3} />} testimonials={<TestimonialsBlock />} />;
}
