import { businessTimeZone } from './business-zone.js';

/**
 * English (en-US) parts of an instant in a time zone, from the platform's Intl (no date-fns `format`
 * and its locale in the bundles). One formatter per time zone and kind, built on first use.
 */
const KINDS = {
  numericDate: { year: 'numeric', month: '2-digit', day: '2-digit' },
  readable: {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    hourCycle: 'h12',
  },
  // The zone names as @date-fns/tz's tzName reads them (an hour is asked for so that every engine
  // renders the name).
  shortGeneric: { hour: 'numeric', timeZoneName: 'shortGeneric' },
  short: { hour: 'numeric', timeZoneName: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const formatters = new Map<string, Intl.DateTimeFormat>();

function partsOf(at: Date, timeZone: string, kind: keyof typeof KINDS): Partial<Record<string, string>> {
  const key = `${kind} ${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', { ...KINDS[kind], timeZone, numberingSystem: 'latn' });
    formatters.set(key, formatter);
  }
  const parts: Partial<Record<string, string>> = {};
  for (const { type, value } of formatter.formatToParts(at)) parts[type] = value;
  return parts;
}

/** date-fns `yyyy`: the year with at least four digits. */
const year4 = (year = '') => year.padStart(4, '0');

/** The calendar date (YYYY-MM-DD) of an instant in the business's time zone. */
export function businessDate(instant: string | Date, timeZone = businessTimeZone()): string {
  const p = partsOf(new Date(instant), timeZone, 'numericDate');
  return `${year4(p.year)}-${p.month}-${p.day}`;
}

/** "ET", "PT"...: the generic short name when there is one, else the short one ("GMT+1"). */
function zoneLabel(timeZone: string, at: Date): string {
  const generic = partsOf(at, timeZone, 'shortGeneric').timeZoneName ?? '';
  if (!/\s/.test(generic)) return generic;
  return (partsOf(at, timeZone, 'short').timeZoneName ?? '').replace(/\s/g, ' ');
}

/**
 * An instant as people read it in the business's time zone: the date ("Tuesday, December 1, 2026")
 * and the time with the zone's generic short name ("2:30 PM ET"), right on either side of a
 * daylight-saving change.
 */
export function formatBusinessDateTime(
  instant: string | Date,
  timeZone = businessTimeZone(),
): { date: string; time: string } {
  const at = new Date(instant);
  const p = partsOf(at, timeZone, 'readable');
  // Built from the parts, not from Intl's whole string: its literals vary between ICU versions (", " or
  // " at " between date and time; U+202F, a narrow no-break space, before AM/PM), the text here does not.
  return {
    date: `${p.weekday}, ${p.month} ${p.day}, ${year4(p.year)}`,
    time: `${p.hour}:${p.minute} ${p.dayPeriod} ${zoneLabel(timeZone, at)}`,
  };
}
