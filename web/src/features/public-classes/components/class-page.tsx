import './public-classes.css';
import '../../../styles/content.css';
import { BUILTIN_PROGRAMS, BUSINESS } from '#shared/content/builtin';
import { mapPrograms } from '#shared/content/programs-content';
import { FALLBACK, plainText } from '#shared/content/public-content';
import { classCardAnchor, seatCostText } from '#shared/contracts/class-options';
import type { PublicClass } from '#shared/contracts/public-classes';
import { CLASS_PATHS } from '../../../app/portal-paths';
import { ArrowLeftIcon } from '../../../components/content-icons';
import { PawIcon } from '../../../components/icons';
import { PageIntro } from '../../../components/page-intro';
import { RichText } from '../../../components/rich-text';
import { Seo } from '../../../components/seo';
import { usePublicClasses } from '../../../lib/content/published';
import { useContentList } from '../../../lib/content/use-content';
import { ClassFacts, SeatsLine } from './class-card';
import { classDates, classPath, meetingDay, meetingHours, weeklySlot } from './class-schedule';

/** Where the Enrol button goes: the client's classes in the portal (sign-in first when needed). */
/** Enrol: the class's card among the client's classes (sign-in first keeps the anchor). */
export const enrolPath = (classId: string) => `${CLASS_PATHS.list}#${classCardAnchor(classId)}`;

function ClassDetails({
  item,
  timeZone,
  programTitle,
}: {
  item: PublicClass;
  timeZone: string;
  programTitle?: string;
}) {
  const summary = `${classDates(item, timeZone)} · ${weeklySlot(item, timeZone)}`;
  const description = plainText(item.description).slice(0, 155) || summary;
  return (
    <>
      <Seo
        title={`${item.title} | Group Class | ${BUSINESS.name}`}
        description={description}
        path={classPath(item.id)}
      />
      <PageIntro label={programTitle ?? 'Group class'} heading={item.title} intro={summary}>
        <a href="/classes" className="back-link back-link--light">
          <ArrowLeftIcon size={18} /> All Classes
        </a>
      </PageIntro>
      <section className="section">
        <div className="container class-layout">
          <div className="class-layout__main">
            {item.description && <RichText text={item.description} headings className="article-body" />}
            <h2 className="class-layout__heading">Schedule</h2>
            <ol className="class-meetings">
              {item.meetings.map((m, i) => (
                <li key={m.startsAt}>
                  <span className="class-meetings__week">Week {i + 1}</span>
                  <time dateTime={m.startsAt}>{meetingDay(m.startsAt, timeZone)}</time>
                  <span>{meetingHours(m, timeZone)}</span>
                </li>
              ))}
            </ol>
          </div>
          <aside className="class-enrol" aria-label="Enrol">
            <SeatsLine item={item} />
            <ClassFacts item={item} timeZone={timeZone} />
            <a
              href={enrolPath(item.id)}
              className="btn btn-primary btn-lg btn-block"
              aria-label={`Enrol in ${item.title}`}
            >
              Enrol
            </a>
            <p className="class-enrol__note">
              Sign in to the client portal to enrol your dog. A seat costs {seatCostText(item)}; when the class is full
              you can join the waitlist.
            </p>
          </aside>
        </div>
      </section>
    </>
  );
}

function ClassNotFound() {
  return (
    <section className="content-missing" aria-labelledby="class-missing-heading">
      <Seo
        title={`Class Not Found | ${BUSINESS.name}`}
        description="This class is not open for enrolment."
        robots="noindex, nofollow"
      />
      <div className="container content-missing__inner">
        <span className="content-missing__badge" aria-hidden="true">
          <PawIcon size={36} />
        </span>
        <h1 id="class-missing-heading">Class Not Found</h1>
        <p>This class has ended or is no longer open for enrolment.</p>
        <a href="/classes" className="btn btn-primary btn-lg">
          <ArrowLeftIcon size={18} /> See Upcoming Classes
        </a>
      </div>
    </section>
  );
}

/** /classes/{id}: an upcoming published class, with its schedule, seats and the Enrol call to action. */
export function ClassPage({ id }: { id: string }) {
  const { timeZone, classes } = usePublicClasses();
  const programs = useContentList('programs', {
    builtin: BUILTIN_PROGRAMS,
    fromRecords: mapPrograms,
    fallback: FALLBACK.programs,
  });
  const item = classes.find((c) => c.id === id);
  if (!item) return <ClassNotFound />;
  const program = programs.items.find((p) => p.id === item.program);
  return <ClassDetails item={item} timeZone={timeZone} programTitle={program?.title} />;
}
