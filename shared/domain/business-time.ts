import { TZDate, tzName } from '@date-fns/tz';
import { endOfDay, endOfWeek, format, startOfDay, startOfWeek } from 'date-fns';

/** The business's time zone when the settings have none (SPEC: America/New_York by default). */
export const DEFAULT_TIME_ZONE = 'America/New_York';

/**
 * The configured fallback time zone. The one in effect is the saved setting:
 * `businessTimeZoneSetting()` in shared/domain/settings.ts.
 */
export const businessTimeZone = () => process.env.BUSINESS_TIME_ZONE || DEFAULT_TIME_ZONE;

/**
 * The week containing `now` in the business's time zone: Sunday 00:00 to Saturday 23:59:59.999
 * there (SPEC 9: weeks start Sunday), as UTC instants.
 */
export function businessWeek(now = new Date(), timeZone = businessTimeZone()): { start: string; end: string } {
  const local = new TZDate(now.getTime(), timeZone);
  const start = startOfWeek(local, { weekStartsOn: 0 });
  const end = endOfWeek(local, { weekStartsOn: 0 });
  return { start: new Date(start.getTime()).toISOString(), end: new Date(end.getTime()).toISOString() };
}

/** The day containing `now` in the business's time zone: 00:00 to 23:59:59.999 there, as UTC instants. */
export function businessDay(now = new Date(), timeZone = businessTimeZone()): { start: string; end: string } {
  const local = new TZDate(now.getTime(), timeZone);
  return {
    start: new Date(startOfDay(local).getTime()).toISOString(),
    end: new Date(endOfDay(local).getTime()).toISOString(),
  };
}

/** The calendar date (YYYY-MM-DD) of an instant in the business's time zone. */
export function businessDate(instant: string | Date, timeZone = businessTimeZone()): string {
  return format(new TZDate(new Date(instant).getTime(), timeZone), 'yyyy-MM-dd');
}

/** "ET", "PT"...: the generic short name when there is one, else the short one ("GMT+1"). */
function zoneLabel(timeZone: string, at: Date): string {
  const generic = tzName(timeZone, at, 'shortGeneric');
  return /\s/.test(generic) ? tzName(timeZone, at, 'short') : generic;
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
  const local = new TZDate(at.getTime(), timeZone);
  return {
    date: format(local, 'EEEE, MMMM d, yyyy'),
    time: `${format(local, 'h:mm a')} ${zoneLabel(timeZone, at)}`,
  };
}
