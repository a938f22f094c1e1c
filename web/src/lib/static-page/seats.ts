import { seatsLine } from '#shared/contracts/class-options';
import { CLASS_SEATS_PATH, type ClassSeats } from '#shared/contracts/public-classes';

/** How often an open class page reads the seats again while it is shown. */
export const SEATS_REFRESH_MS = 60_000;

/**
 * The seats figures of a class page (`[data-class-seats="<classId>"]`, rendered with the page): read from
 * GET /api/public/classes/seats (at most a minute old at the CDN) when the page loads and every minute
 * while it is shown, so a page rendered or cached before the last enrolment still shows the right
 * figure. A class the answer lacks (over, or taken down) keeps its figure; a failed read changes nothing.
 * Returns the unbinding.
 */
export function bindSeats(doc: Document, fetcher: typeof fetch = fetch): () => void {
  const figures = [...doc.querySelectorAll<HTMLElement>('[data-class-seats]')];
  if (figures.length === 0) return () => undefined;
  let active = true;
  const refresh = async () => {
    try {
      const res = await fetcher(CLASS_SEATS_PATH, { headers: { Accept: 'application/json' } });
      if (!res.ok || !active) return;
      const { seats } = (await res.json()) as ClassSeats;
      const left = new Map(seats.map((s) => [s.id, s.seatsLeft]));
      for (const el of figures) {
        const n = left.get(el.dataset.classSeats ?? '');
        if (n === undefined) continue;
        el.textContent = seatsLine({ seatsLeft: n });
        el.classList.toggle('class-seats--full', n <= 0);
      }
    } catch {
      // Offline or refused: the rendered figure stays.
    }
  };
  void refresh();
  const timer = setInterval(() => {
    if (doc.visibilityState !== 'hidden') void refresh();
  }, SEATS_REFRESH_MS);
  return () => {
    active = false;
    clearInterval(timer);
  };
}
