import { HomePage } from '../features/home/components/home-page';
import { StoriesGrid } from '../features/success-stories/components/stories-grid';
import { TestimonialsBlock } from '../features/testimonials/components/testimonials-block';

/** `/`: the home page with its success stories and testimonials (static markup, like the rest of it). */
export function Home() {
  return <HomePage stories={<StoriesGrid limit={3} />} testimonials={<TestimonialsBlock />} />;
}
