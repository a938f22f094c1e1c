import type { Tip } from '#shared/content/public-content';
import { formatLongDate, tipExcerpt } from '#shared/content/tips-content';
import { BookOpenIcon, CalendarIcon, UserIcon } from '../../../components/content-icons';
import { ArrowRightIcon } from '../../../components/icons';

/** A tip card (SPEC 2): title, date, category badge, excerpt, By author, reading time, Read More. */
export function TipCard({ tip }: { tip: Tip }) {
  const href = `/tips/${encodeURIComponent(tip.id)}`;
  return (
    <li className="tip-card">
      <article>
        <div className="tip-card__top">
          {tip.category && <span className="badge">{tip.category}</span>}
          <time className="tip-card__date" dateTime={tip.publishDate}>
            <CalendarIcon size={15} /> {formatLongDate(tip.publishDate)}
          </time>
        </div>
        <h2 className="tip-card__title">
          <a href={href}>{tip.title}</a>
        </h2>
        <p className="tip-card__excerpt">{tipExcerpt(tip)}</p>
        <div className="tip-card__meta">
          {tip.author && (
            <span>
              <UserIcon size={15} /> By {tip.author}
            </span>
          )}
          <span>
            <BookOpenIcon size={15} /> {tip.readingTime}
          </span>
        </div>
        {/* Visible "Read More" (SPEC 2); the hidden words make each link's text unique (an aria-label is
            not enough for crawlers and Lighthouse's link-text audit). */}
        <a href={href} className="tip-card__more">
          Read More<span className="visually-hidden"> about {tip.title}</span> <ArrowRightIcon size={16} />
        </a>
      </article>
    </li>
  );
}
