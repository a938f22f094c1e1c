/**
 * Group classes on the public site (docs/decisions/0070-group-classes.md): what the class pages are
 * rendered with (`/classes`, `/classes/<id>`, and the program cards that lead to them) and what the
 * seats figure of those pages is refreshed from. Nothing private: no enrolment, no client, no dog.
 *
 * HTTP route (shared/routes/classes.ts):
 *   GET /api/public/classes/seats   public   ClassSeats (cached at the CDN, CLASS_SEATS_CACHE_CONTROL)
 */

/**
 * The render section of the class pages (functions/events/render-public-pages.ts): `WebsiteContentChanged`
 * with `{ section: 'classes', classId }` re-renders the pages that show classes.
 */
export const CLASSES_SECTION = 'classes';

export const CLASS_SEATS_PATH = '/api/public/classes/seats';

/**
 * At most 60 s old, at the CDN and in the browser: 30 s fresh, then 30 s served while it is fetched again.
 */
export const CLASS_SEATS_CACHE_CONTROL = 'public, max-age=30, stale-while-revalidate=30';

/** A published class not yet over, as the public site shows it. */
export interface PublicClass {
  id: string;
  title: string;
  /** Markdown (rendered with the site's rich text: no HTML). */
  description: string;
  /** The website program it belongs to (a program id), if any. */
  program: string | null;
  credits: number;
  /** Dollars at checkout, or null (credits only). */
  price: number | null;
  seatsLeft: number;
  location: string | null;
  online: boolean;
  durationMinutes: number;
  weeks: number;
  meetings: { startsAt: string; endsAt: string }[];
}

/** The upcoming published classes (by first meeting) and the zone their times are shown in. */
export interface PublicClasses {
  timeZone: string;
  classes: PublicClass[];
}

/** GET /api/public/classes/seats: the seats left of each upcoming published class. */
export interface ClassSeats {
  seats: { id: string; seatsLeft: number }[];
}

/** Where a program's classes are listed on /classes (a program card links there). */
export const programAnchor = (programId: string) => `program-${programId}`;
export const programClassesPath = (programId: string) => `/classes#${programAnchor(programId)}`;
