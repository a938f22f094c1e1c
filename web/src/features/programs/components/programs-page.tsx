import { BUILTIN_PROGRAMS } from '#shared/content/builtin';
import { PAGE_INTROS, PAGE_SEO } from '#shared/content/builtin-pages';
import { mapPrograms } from '#shared/content/programs-content';
import { CONTENT_TEXTS, FALLBACK } from '#shared/content/public-content';
import { programClassesPath } from '#shared/contracts/public-classes';
import { ContentMessage } from '../../../components/content-state';
import { CtaPanel, PageIntro } from '../../../components/page-intro';
import { Seo } from '../../../components/seo';
import { usePublicClasses } from '../../../lib/content/published';
import { useContentList } from '../../../lib/content/use-content';
import { ProgramCard } from './program-card';

/**
 * /programs (SPEC 2): program cards from the published content; the built-in programs when it is empty or fails
 * (SPEC 4), so the empty and error texts show only if even those are missing. A program with upcoming
 * group classes leads to them on /classes.
 */
export function ProgramsPage() {
  const intro = PAGE_INTROS.programs;
  const programs = useContentList('programs', {
    builtin: BUILTIN_PROGRAMS,
    fromRecords: mapPrograms,
    fallback: FALLBACK.programs,
  });
  // A program with upcoming classes leads to them; the others keep their card as it is.
  const withClasses = new Set(usePublicClasses().classes.map((c) => c.program));
  return (
    <>
      <Seo title={PAGE_SEO.programs.title} description={PAGE_SEO.programs.description} path="/programs" />
      <PageIntro label={intro.label} heading={intro.heading} intro={intro.intro} />
      <section className="section" aria-label="Programs">
        <div className="container">
          {programs.items.length > 0 ? (
            <div className="program-grid">
              {programs.items.map((p) => (
                <ProgramCard
                  key={p.id}
                  program={p}
                  headingLevel={2}
                  classesHref={withClasses.has(p.id) ? programClassesPath(p.id) : undefined}
                />
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
