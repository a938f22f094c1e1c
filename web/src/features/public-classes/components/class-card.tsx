import { seatCostText, seatsLine } from '#shared/contracts/class-options';
import type { PublicClass } from '#shared/contracts/public-classes';
import { classDates, classPath, weeklySlot, whereText } from './class-schedule';

/** When, where and what a seat costs (credits, or a price or credits) (its card on /classes and its page's enrol panel). */
export function ClassFacts({ item, timeZone }: { item: PublicClass; timeZone: string }) {
  const where = whereText(item);
  return (
    <dl className="class-facts">
      <div>
        <dt>When</dt>
        <dd>
          {classDates(item, timeZone)}
          <br />
          {weeklySlot(item, timeZone)}
        </dd>
      </div>
      {where && (
        <div>
          <dt>Where</dt>
          <dd>{where}</dd>
        </div>
      )}
      <div>
        <dt>{item.price ? 'Price' : 'Credits'}</dt>
        <dd>{seatCostText(item)}</dd>
      </div>
    </dl>
  );
}

/** A class on /classes: its title (to its page), when, where, its credits and the seats figure. */
export function ClassCard({ item, timeZone }: { item: PublicClass; timeZone: string }) {
  return (
    <article className="class-card">
      <h3 className="class-card__title">
        <a href={classPath(item.id)}>{item.title}</a>
      </h3>
      <SeatsLine item={item} />
      <ClassFacts item={item} timeZone={timeZone} />
      <a href={classPath(item.id)} className="btn btn-outline class-card__more" aria-label={`Details of ${item.title}`}>
        Details &amp; Enrol
      </a>
    </article>
  );
}

/**
 * The seats figure as rendered; the page's script (lib/static-page/seats.ts) sets it again from
 * GET /api/public/classes/seats, so it is right within a minute of any change.
 */
export function SeatsLine({ item }: { item: Pick<PublicClass, 'id' | 'seatsLeft'> }) {
  return (
    <p className={`class-seats${item.seatsLeft > 0 ? '' : ' class-seats--full'}`} data-class-seats={item.id}>
      {seatsLine(item)}
    </p>
  );
}
