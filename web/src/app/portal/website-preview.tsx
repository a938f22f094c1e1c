import type { ReactNode } from 'react';
import { mapAbout } from '#shared/content/about-content';
import { BUILTIN_ABOUT } from '#shared/content/builtin-about';
import { mapPrograms } from '#shared/content/programs-content';
import type { PublicContentRecord } from '#shared/content/public-content';
import { mapStories, mapTestimonials } from '#shared/content/public-content';
import { mapTips } from '#shared/content/tips-content';
import { AboutContentView } from '../../features/about/components/about-page';
import { Hero } from '../../features/home/components/hero';
import { ProgramCard } from '../../features/programs/components/program-card';
import { StoryCard } from '../../features/success-stories/components/stories-grid';
import { TestimonialCard } from '../../features/testimonials/components/testimonials-block';
import { TipCard } from '../../features/tips/components/tip-card';
import { PublishedContentProvider } from '../../lib/content/published';

/** Where the public site reads media (the runtime config's `mediaUrl`, the same in the cloud and locally). */
const MEDIA_URL = '/media';

/**
 * A record being edited, drawn with the public site's own components and content mapping (the draft as
 * the public page will show it): the home page's hero, the about page, or the card of a list. Sections the
 * public pages do not show say so.
 */
export function WebsitePreview({
  section,
  fields,
  sortOrder,
}: {
  section: string;
  fields: Record<string, string>;
  sortOrder: number;
}): ReactNode {
  const record: PublicContentRecord = { id: 'preview', title: '', sort_order: sortOrder, fields };
  if (section === 'hero') {
    return (
      <div className="public-preview">
        <PublishedContentProvider content={{ sections: { hero: [record] }, mediaUrl: MEDIA_URL }}>
          <Hero />
        </PublishedContentProvider>
      </div>
    );
  }
  if (section === 'about_us') {
    return (
      <div className="public-preview">
        <AboutContentView about={mapAbout(record, MEDIA_URL, BUILTIN_ABOUT)} />
      </div>
    );
  }
  let card: ReactNode;
  if (section === 'programs') {
    const [program] = mapPrograms([record]);
    card = program && <ProgramCard program={program} />;
  } else if (section === 'testimonials') {
    const [t] = mapTestimonials([record], MEDIA_URL);
    card = t && <TestimonialCard testimonial={t} />;
  } else if (section === 'tips') {
    const [tip] = mapTips([record]);
    card = tip && <TipCard tip={tip} />;
  } else if (section === 'success_stories') {
    const [story] = mapStories([record], MEDIA_URL);
    card = story && (
      <ul className="stories-grid">
        <StoryCard story={story} />
      </ul>
    );
  } else {
    return <p>The public pages do not show this section.</p>;
  }
  return (
    <div className="public-preview" style={{ maxWidth: 420 }}>
      {card ?? <p>Fill in the required fields to see the preview.</p>}
    </div>
  );
}
