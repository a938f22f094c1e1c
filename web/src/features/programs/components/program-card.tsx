import '../../../styles/pages.css';
import type { CSSProperties } from 'react';
import type { BuiltinProgram } from '#shared/content/builtin';
import { CheckIcon } from '../../../components/content-icons';
import { ClockIcon } from '../../../components/icons';
import { InlineMarkup } from '../../../components/inline-markup';
import { accessiblePalette } from '../../../lib/color-contrast';

/**
 * A program card: title in its colour, description, What's Included, price and duration, Enroll Now (to
 * the contact form), or See Upcoming Classes when `classesHref` is given (the program's group classes).
 * The colour (any hex from the CMS) stays as is on the top bar and check icons; the title and the
 * Enroll Now button use its accessible shade (>= 4.5:1 on white, and for white text on it).
 */
export function ProgramCard({
  program,
  headingLevel = 3,
  classesHref,
}: {
  program: BuiltinProgram;
  headingLevel?: 2 | 3;
  classesHref?: string;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const { accent, ink } = accessiblePalette(program.color);
  return (
    <article className="program-card" style={{ '--program-color': accent, '--program-ink': ink } as CSSProperties}>
      <div className="program-card__bar" aria-hidden="true" />
      <Heading className="program-card__title">{program.title}</Heading>
      <p className="program-card__description">
        <InlineMarkup text={program.description} />
      </p>
      {program.features.length > 0 && (
        <>
          <p className="program-card__included">What's Included</p>
          <ul className="program-card__features">
            {program.features.map((f, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list from the content; text plus position stays unique if two lines repeat.
              <li key={`${i}-${f}`}>
                <CheckIcon size={18} />
                <span>{f}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      <dl className="program-card__facts">
        {program.price && (
          <div>
            <dt>Price</dt>
            <dd>{program.price}</dd>
          </div>
        )}
        {program.duration && (
          <div>
            <dt>Duration</dt>
            <dd>
              <ClockIcon size={16} /> {program.duration}
            </dd>
          </div>
        )}
      </dl>
      {classesHref ? (
        <a href={classesHref} className="btn btn-program" aria-label={`See upcoming classes of ${program.title}`}>
          See Upcoming Classes
        </a>
      ) : (
        <a href="/contact" className="btn btn-program" aria-label={`Enroll Now in ${program.title}`}>
          Enroll Now
        </a>
      )}
    </article>
  );
}
