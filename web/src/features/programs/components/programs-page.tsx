import { Link } from 'react-router-dom';
import { BUILTIN_PROGRAMS, PAGE_INTROS, SEO } from '../../../../../shared/content/builtin';
import { CtaPanel, PageIntro } from '../../../components/page-intro';
import { Seo } from '../../../components/seo';
import { ProgramCard } from './program-card';

/** Programs from the built-in content (the content-store version replaces this list later). */
export function ProgramsPage() {
  const intro = PAGE_INTROS.programs;
  return (
    <>
      <Seo title={SEO.programs.title} description={SEO.programs.description} path="/programs" />
      <PageIntro label={intro.label} heading={intro.heading} intro={intro.intro} />
      <section className="section" aria-label="Programs">
        <div className="container">
          <div className="program-grid">
            {BUILTIN_PROGRAMS.map((p) => (
              <ProgramCard key={p.id} program={p} headingLevel={2} />
            ))}
          </div>
        </div>
      </section>
      <CtaPanel
        title="Not sure which program fits?"
        text="Book a free evaluation. We will meet your dog and recommend the right starting point."
      >
        <Link to="/contact" className="btn btn-light btn-lg">
          Schedule a Free Evaluation
        </Link>
      </CtaPanel>
    </>
  );
}
