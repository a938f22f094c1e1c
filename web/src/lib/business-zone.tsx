import { TZDate } from '@date-fns/tz';
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode } from 'react';

/**
 * The business time zone (Settings → Business), in which the portal shows and reads every date and time,
 * as the server does (e-mails, reminders, open times). The portal reads it once from
 * `GET /api/public/business` before its screens render (`BusinessZoneGate`); the formatting helpers read
 * it from here. Until then, and when it cannot be read, the server's default applies.
 */
export const DEFAULT_BUSINESS_TIME_ZONE = 'America/New_York';

let zone = DEFAULT_BUSINESS_TIME_ZONE;

const isZone = (value: unknown): value is string => {
  if (typeof value !== 'string' || !value) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
};

/** Sets the business time zone (a name Intl does not know is ignored). */
export function setBusinessZone(value: unknown): void {
  if (isZone(value)) zone = value;
}

/** An instant in the business time zone (date-fns formats it there). */
export const inBusinessZone = (at: string | number | Date) => new TZDate(+new Date(at), zone);

/** A wall-clock time of the business time zone (month 0 to 11), as an instant. */
export const businessWallTime = (year: number, month: number, day: number, hours = 0, minutes = 0) =>
  new TZDate(year, month, day, hours, minutes, zone);

function zoneName(style: 'shortGeneric' | 'short' | 'longGeneric', at: number | Date): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: style }).formatToParts(at);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? zone;
}

/**
 * The zone's short label at an instant: `ET`, `PT`; a zone without a short generic name gets its offset
 * then (`GMT+1` in winter, `GMT+2` in summer for Europe/Berlin).
 */
export function zoneLabel(at: number | Date = Date.now()): string {
  const generic = zoneName('shortGeneric', at);
  return /\s/.test(generic) ? zoneName('short', at) : generic;
}

/** The zone's name for a sentence: `Eastern Time`, `Central European Time`. */
export const zoneLongName = (at: number | Date = Date.now()) => zoneName('longGeneric', at);

export const businessZoneKey = ['public', 'business', 'timeZone'] as const;

async function fetchBusinessZone(): Promise<string> {
  try {
    const response = await fetch('/api/public/business', { headers: { Accept: 'application/json' } });
    if (!response.ok) return DEFAULT_BUSINESS_TIME_ZONE;
    const data = (await response.json()) as { timeZone?: unknown } | null;
    return isZone(data?.timeZone) ? data.timeZone : DEFAULT_BUSINESS_TIME_ZONE;
  } catch {
    return DEFAULT_BUSINESS_TIME_ZONE;
  }
}

/**
 * Renders its children once the business time zone is known, again (remounted) when it changes: every
 * date shown and every time typed is in that zone.
 */
export function BusinessZoneGate({ children, fallback = null }: { children: ReactNode; fallback?: ReactNode }) {
  const query = useQuery({ queryKey: businessZoneKey, queryFn: fetchBusinessZone, staleTime: 5 * 60_000 });
  if (!query.data) return fallback;
  setBusinessZone(query.data);
  return <Fragment key={query.data}>{children}</Fragment>;
}
