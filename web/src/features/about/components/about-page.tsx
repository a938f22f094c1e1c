import { Link } from 'react-router-dom';
import { BUSINESS, PAGE_INTROS, SEO, WHY_US } from '../../../../../shared/content/builtin';
import { CtaPanel, PageIntro } from '../../../components/page-intro';
import { Seo } from '../../../components/seo';

export function AboutPage() {
  const intro = PAGE_INTROS.about;
  return (
    <>
      <Seo title={SEO.about.title} description={SEO.about.description} path="/about" />
      <PageIntro label={intro.label} heading={intro.heading} intro={intro.intro} />
      <section className="section">
        <div className="container prose-grid">
          {WHY_US.cards.map((c) => (
            <div key={c.title}>
              <h2 className="prose-grid__title">{c.title}</h2>
              <p>{c.text}</p>
            </div>
          ))}
        </div>
      </section>
      <CtaPanel
        title="Start Your Journey With Us"
        text={`Serving ${BUSINESS.areaServed.slice(0, 3).join(', ')} and nearby communities. Your first evaluation is free.`}
      >
        <Link to="/contact" className="btn btn-light btn-lg">
          Get Started
        </Link>
      </CtaPanel>
    </>
  );
}
