/**
 * The business itself and the site's search texts: what every page's frame (logo, footer, `Seo`) needs,
 * on the public pages and in the portal. Pure data. builtin.ts re-exports both with the rest of the home
 * page's built-in content, which the portal does not load.
 */

/** The business itself (name, contact block, location). */
export const BUSINESS = {
  name: 'Pawsitive Dog Training',
  shortName: 'Pawsitive',
  tagline: 'Positive, science-based dog training in Lakewood Ranch, FL',
  /** Used when /config.json has not been loaded (or has no businessEmail). */
  defaultEmail: 'hello@pawsitivedogtraining.com',
  phone: '(941) 555-0142',
  phoneHref: 'tel:+19415550142',
  location: 'Lakewood Ranch, FL',
  city: 'Lakewood Ranch',
  region: 'FL',
  country: 'US',
  areaServed: ['Lakewood Ranch', 'Sarasota', 'Bradenton', 'Parrish', 'Myakka City'],
  hours: 'Monday to Saturday, 8 am to 6 pm',
  /** How soon a free-evaluation request is answered (SPEC 9: reply promise within 24 hours). */
  replyPromise: 'within 24 hours',
} as const;

/** Search-engine keywords of the site and the home page's title and description (the other pages' are in builtin-pages.ts). */
export const SEO = {
  keywords:
    'dog training, puppy training, obedience training, dog trainer, Lakewood Ranch, Sarasota, Bradenton, positive reinforcement, behavior modification',
  home: {
    title: 'Pawsitive Dog Training | Dog Trainer in Lakewood Ranch, FL',
    description:
      'Positive, science-based dog training in Lakewood Ranch, FL. Puppy foundation, obedience and advanced behavior programs. Book your free evaluation today.',
  },
} as const;
