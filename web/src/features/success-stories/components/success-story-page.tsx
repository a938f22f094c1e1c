import { Link } from 'react-router-dom';
import { PAGE_INTROS, SEO } from '../../../../../shared/content/builtin';
import { ArrowLeftIcon } from '../../../components/icons';
import { CtaPanel, PageIntro } from '../../../components/page-intro';
import { Seo } from '../../../components/seo';

/** /success-stories/:id (the story view comes with the content store). */
export function SuccessStoryPage() {
  const intro = PAGE_INTROS.successStory;
  return (
    <>
      <Seo
        title={SEO.successStories.title}
        description={SEO.successStories.description}
        path="/success-stories"
        robots="noindex, follow"
      />
      <PageIntro label={intro.label} heading={intro.heading} intro={intro.intro}>
        <Link to="/success-stories" className="back-link back-link--light">
          <ArrowLeftIcon size={18} /> All Success Stories
        </Link>
      </PageIntro>
      <CtaPanel title="Start Your Dog's Transformation" text="Your dog's success story starts with a free evaluation.">
        <Link to="/contact" className="btn btn-light btn-lg">
          Start Your Dog's Transformation
        </Link>
      </CtaPanel>
    </>
  );
}
