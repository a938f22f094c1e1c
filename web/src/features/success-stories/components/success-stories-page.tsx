import '../../../styles/content.css';
import { PAGE_INTROS, PAGE_SEO } from '#shared/content/builtin-pages';
import { ArrowLeftIcon } from '../../../components/content-icons';
import { CtaPanel, PageIntro } from '../../../components/page-intro';
import { Seo } from '../../../components/seo';
import { StoriesGrid } from './stories-grid';

/** /success-stories (SPEC 2): sr-only SEO text, Back button, the stories grid. */
export function SuccessStoriesPage() {
  const intro = PAGE_INTROS.successStories;
  return (
    <>
      <Seo
        title={PAGE_SEO.successStories.title}
        description={PAGE_SEO.successStories.description}
        path="/success-stories"
      />
      <PageIntro label={intro.label} heading={intro.heading} intro={intro.intro}>
        <button type="button" className="back-link back-link--light" data-back="/">
          <ArrowLeftIcon size={18} /> Back
        </button>
      </PageIntro>
      <p className="visually-hidden">
        Dog training success stories from Lakewood Ranch, Sarasota and Bradenton, Florida: leash reactivity, separation
        anxiety, herding behavior and puppy training solved with positive reinforcement by Pawsitive Dog Training.
      </p>
      <StoriesGrid showHeading={false} wide />
      <CtaPanel
        title="Start Your Dog's Transformation"
        text="Every success story starts with a free evaluation. Tell us about your dog today."
      >
        <a href="/contact" className="btn btn-light btn-lg">
          Book a Free Evaluation
        </a>
      </CtaPanel>
    </>
  );
}
