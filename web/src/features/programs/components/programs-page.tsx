import { BUILTIN_PROGRAMS } from '#shared/content/builtin';
import { PAGE_INTROS, PAGE_SEO } from '#shared/content/builtin-pages';
import { mapPrograms } from '#shared/content/programs-content';
import { CONTENT_TEXTS, FALLBACK } from '#shared/content/public-content';
import { ContentMessage } from '../../../components/content-state';
import { CtaPanel, PageIntro } from '../../../components/page-intro';
import { Seo } from '../../../components/seo';
import { useContentList } from '../../../lib/content/use-content';
import { ProgramCard } from './program-card';

/**
 * /programs (SPEC 2): program cards from the published content; the built-in programs when it is empty or fails
 * (SPEC 4), so the empty and error texts show only if even those are missing.
 */
export function ProgramsPage() {
  const intro = PAGE_INTROS.programs;
  const programs = useContentList('programs', {
    builtin: BUILTIN_PROGRAMS,
    fromRecords: mapPrograms,
    fallback: FALLBACK.programs,
  });
  return (
    <>
      <Seo title={PAGE_SEO.programs.title} description={PAGE_SEO.programs.description} path="/programs" />
      <PageIntro label={intro.label} heading={intro.heading} intro={intro.intro} />
      <section className="section" aria-label="Programs">
        <div className="container">
          {programs.items.length > 0 ? (
            <div className="program-grid">
              {programs.items.map((p) => (
                <ProgramCard key={p.id} program={p} headingLevel={2} />
              ))}
            </div>
          ) : programs.status === 'error' ? (
            <ContentMessage kind="error">{CONTENT_TEXTS.programsError}</ContentMessage>
          ) : (
            <ContentMessage kind="empty">{CONTENT_TEXTS.programsEmpty}</ContentMessage>
          )}
        </div>
      </section>
      <CtaPanel
        title="Not sure which program fits?"
        text="Book a free evaluation. We will meet your dog and recommend the right starting point."
      >
        <a href="/contact" className="btn btn-light btn-lg">
          Schedule a Free Evaluation
        </a>
      </CtaPanel>
    </>
  );
}
