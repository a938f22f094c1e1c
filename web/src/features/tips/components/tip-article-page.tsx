import { Link } from 'react-router-dom';
import { PAGE_INTROS, SEO } from '../../../../../shared/content/builtin';
import { ArrowLeftIcon } from '../../../components/icons';
import { PageIntro } from '../../../components/page-intro';
import { Seo } from '../../../components/seo';

/** /tips/:id (the article view comes with the content store). */
export function TipArticlePage() {
  const intro = PAGE_INTROS.tipArticle;
  return (
    <>
      <Seo title={SEO.tips.title} description={SEO.tips.description} path="/tips" robots="noindex, follow" />
      <PageIntro label={intro.label} heading={intro.heading} intro={intro.intro}>
        <Link to="/tips" className="back-link back-link--light">
          <ArrowLeftIcon size={18} /> Back to Tips
        </Link>
      </PageIntro>
    </>
  );
}
