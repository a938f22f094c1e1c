/**
 * The few RFC 5545 (iCalendar) pieces the calendar feeds write (shared/domain/calendar-feeds.ts): TEXT
 * values escaped, UTC date-times, content lines folded, CRLF line breaks. Written here instead of with
 * ical-generator, which bundles its whole feature set (alarms, attendees, recurrence, time-zone
 * libraries) into one module esbuild cannot tree-shake (about 36 KB of a 500 KB handler, ADR 0016);
 * the unit test ical-feed.test.ts compares the output with ical-generator's.
 */

/** A TEXT value (3.3.11): backslash, semicolon and comma escaped, each line break written as \n. */
export function icalText(value: string): string {
  return value.replace(/[\\;,]/g, '\\$&').replace(/\r\n|\r|\n/g, '\\n');
}

/** A DATE-TIME in UTC (3.3.5, form 2), whole seconds: 20261126T150000Z. Throws on an invalid date. */
export function icalDateTime(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

const utf8Octets = (codePoint: number) => (codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4);

/**
 * A content line folded (3.1): after 74 octets the line continues on the next one, which starts with a
 * space, so no line is longer than 75 octets; a character's UTF-8 octets are never split. (74 of text
 * on every line, as ical-generator folds.)
 */
export function foldLine(line: string): string {
  let out = '';
  let octets = 0;
  for (const ch of line) {
    const size = utf8Octets(ch.codePointAt(0) ?? 0);
    octets += size;
    if (octets > 74) {
      out += '\r\n ';
      octets = size;
    }
    out += ch;
  }
  return out;
}

export interface IcalEvent {
  uid: string;
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  description?: string | null;
  status: 'CONFIRMED' | 'CANCELLED';
  created: Date;
  lastModified: Date;
  /** The event's revision (invites): a calendar applies an update only when it is higher than the last. */
  sequence?: number;
  /** Who sends an invite (REQUEST/CANCEL) and whom it is for (RFC 5546 requires both). */
  organizer?: IcalPerson;
  attendee?: IcalPerson;
}

export interface IcalPerson {
  name: string;
  email: string;
}

/** A CAL-ADDRESS with its common name (3.2.2 CN, a quoted parameter value: no DQUOTE or control characters). */
function calAddress(property: 'ORGANIZER' | 'ATTENDEE', p: IcalPerson, params: string[] = []): string {
  const name = p.name.replace(/[\p{Cc}"]/gu, '').trim();
  return `${[property, ...(name ? [`CN="${name}"`] : []), ...params].join(';')}:mailto:${p.email}`;
}

/**
 * A VCALENDAR with its events, property by property in the order ical-generator wrote them (the feed
 * did not change when it was replaced): lines folded and joined by CRLF, with no line break after
 * END:VCALENDAR (as before).
 */
export function icalCalendar(cal: {
  prodId: string;
  name: string;
  timeZone: string;
  events: readonly IcalEvent[];
  /** An invite's iTIP method (RFC 5546): REQUEST creates or updates the event, CANCEL removes it. */
  method?: 'REQUEST' | 'CANCEL';
}): string {
  const name = icalText(cal.name);
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    `X-WR-TIMEZONE:${cal.timeZone}`,
    `PRODID:${cal.prodId}`,
    ...(cal.method ? [`METHOD:${cal.method}`] : []),
    ...(name ? [`NAME:${name}`, `X-WR-CALNAME:${name}`] : []),
  ];
  for (const e of cal.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${e.uid}`,
      `SEQUENCE:${e.sequence ?? 0}`,
      `DTSTAMP:${icalDateTime(e.stamp)}`,
      `DTSTART:${icalDateTime(e.start)}`,
      `DTEND:${icalDateTime(e.end)}`,
      `SUMMARY:${icalText(e.summary)}`,
      ...(e.description ? [`DESCRIPTION:${icalText(e.description)}`] : []),
      ...(e.organizer ? [calAddress('ORGANIZER', e.organizer)] : []),
      ...(e.attendee ? [calAddress('ATTENDEE', e.attendee, ['ROLE=REQ-PARTICIPANT', 'RSVP=FALSE'])] : []),
      `STATUS:${e.status}`,
      `CREATED:${icalDateTime(e.created)}`,
      `LAST-MODIFIED:${icalDateTime(e.lastModified)}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return lines.map(foldLine).join('\r\n');
}
