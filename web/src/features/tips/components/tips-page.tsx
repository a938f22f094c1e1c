import { Link } from 'react-router-dom';
import { PAGE_INTROS, SEO } from '../../../../../shared/content/builtin';
import { CtaPanel, PageIntro } from '../../../components/page-intro';
import { Seo } from '../../../components/seo';

export function TipsPage() {
  const intro = PAGE_INTROS.tips;
  return (
    <>
      <Seo title={SEO.tips.title} description={SEO.tips.description} path="/tips" />
      <PageIntro label={intro.label} heading={intro.heading} intro={intro.intro} />
      <CtaPanel
        title="Have a question about your dog?"
        text="Our trainers are happy to help. Tell us what you are working on and we will point you in the right direction."
      >
        <Link to="/contact" className="btn btn-light btn-lg">
          Ask a Trainer
        </Link>
      </CtaPanel>
    </>
  );
}
