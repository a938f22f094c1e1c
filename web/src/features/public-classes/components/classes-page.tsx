import './public-classes.css';
import { BUILTIN_PROGRAMS, BUSINESS } from '#shared/content/builtin';
import { mapPrograms } from '#shared/content/programs-content';
import { FALLBACK } from '#shared/content/public-content';
import { type PublicClass, programAnchor } from '#shared/contracts/public-classes';
import { ContentMessage } from '../../../components/content-state';
import { CtaPanel, PageIntro } from '../../../components/page-intro';
import { Seo } from '../../../components/seo';
import { usePublicClasses } from '../../../lib/content/published';
import { useContentList } from '../../../lib/content/use-content';
import { ClassCard } from './class-card';

export const CLASSES_SEO = {
  title: `Group Classes | ${BUSINESS.name}`,
  description: `Upcoming group dog training classes with ${BUSINESS.name}: weekly meetings, small groups, seats left and how to enrol.`,
};

const zoneName = (timeZone: string) =>
  new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longGeneric' })
    .formatToParts(new Date())
    .find((p) => p.type === 'timeZoneName')?.value ?? timeZone;

interface Group {
  id: string;
  title: string;
  classes: PublicClass[];
}

/** The classes by program, in the programs' order; classes of no (known) program last. */
function groupByProgram(classes: PublicClass[], programs: { id: string; title: string }[]): Group[] {
  const groups: Group[] = programs
    .map((p) => ({ id: p.id, title: p.title, classes: classes.filter((c) => c.program === p.id) }))
    .filter((g) => g.classes.length > 0);
  const known = new Set(groups.map((g) => g.id));
  const others = classes.filter((c) => !c.program || !known.has(c.program));
  if (others.length) groups.push({ id: 'other', title: groups.length ? 'More Classes' : 'Classes', classes: others });
  return groups;
}

/**
 * /classes: the upcoming published classes, grouped by the website program each belongs to (a program
 * card links to its group), each with its seats figure and a link to its page.
 */
export function ClassesPage() {
  const { timeZone, classes } = usePublicClasses();
  const programs = useContentList('programs', {
    builtin: BUILTIN_PROGRAMS,
    fromRecords: mapPrograms,
    fallback: FALLBACK.programs,
  });
  const groups = groupByProgram(classes, programs.items);
  return (
    <>
      <Seo title={CLASSES_SEO.title} description={CLASSES_SEO.description} path="/classes" />
      <PageIntro
        label="Classes"
        heading="Group Classes"
        intro={`Small weekly classes led by our trainers: your dog learns alongside others, with homework between meetings. Times are in ${zoneName(timeZone)}.`}
      />
      {groups.length === 0 ? (
        <section className="section" aria-label="Classes">
          <div className="container">
            <ContentMessage kind="empty">
              No classes are open for enrolment right now. See our programs, or get in touch to hear about the next one.
            </ContentMessage>
          </div>
        </section>
      ) : (
        groups.map((g, i) => (
          <section
            key={g.id}
            id={programAnchor(g.id)}
            className={`section class-group${i % 2 ? ' section--soft' : ''}`}
            aria-labelledby={`${programAnchor(g.id)}-heading`}
          >
            <div className="container">
              <h2 id={`${programAnchor(g.id)}-heading`} className="class-group__title">
                {g.title}
              </h2>
              <div className="class-grid">
                {g.classes.map((c) => (
                  <ClassCard key={c.id} item={c} timeZone={timeZone} />
                ))}
              </div>
            </div>
          </section>
        ))
      )}
      <CtaPanel
        title="Prefer one-to-one training?"
        text="Our programs pair you with a trainer for private sessions at your pace."
      >
        <a href="/programs" className="btn btn-light btn-lg">
          See Our Programs
        </a>
      </CtaPanel>
    </>
  );
}
