import { Link } from 'react-router-dom';
import { PAGE_INTROS, SEO } from '../../../../../shared/content/builtin';
import { ArrowLeftIcon } from '../../../components/icons';
import { CtaPanel, PageIntro } from '../../../components/page-intro';
import { Seo } from '../../../components/seo';
import { useGoBack } from '../../../lib/navigation';

export function SuccessStoriesPage() {
  const intro = PAGE_INTROS.successStories;
  const goBack = useGoBack('/');
  return (
    <>
      <Seo title={SEO.successStories.title} description={SEO.successStories.description} path="/success-stories" />
      <PageIntro label={intro.label} heading={intro.heading} intro={intro.intro}>
        <button type="button" className="back-link back-link--light" onClick={goBack}>
          <ArrowLeftIcon size={18} /> Back
        </button>
      </PageIntro>
      <CtaPanel
        title="Start Your Dog's Transformation"
        text="Every success story starts with a free evaluation. Tell us about your dog today."
      >
        <Link to="/contact" className="btn btn-light btn-lg">
          Book a Free Evaluation
        </Link>
      </CtaPanel>
    </>
  );
}
