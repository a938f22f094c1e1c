import ical, { ICalEventStatus } from 'ical-generator';
import { describe, expect, it } from 'vitest';
import { renderCalendar, sessionSummary, sessionUid } from '../../shared/domain/calendar-feeds.js';
import { foldLine, icalText } from '../../shared/domain/ical.js';
import type { SessionItem } from '../../shared/domain/sessions.js';

// The feed was written with ical-generator until shared/domain/ical.ts replaced it (ADR 0016: the package
// is about 36 KB of the feed handler's bundle). ical-generator stays as the oracle: the function below is
// the former renderCalendar, and both must write the same lines for the same sessions.
function oracle(opts: { name: string; timeZone: string; host: string; sessions: readonly SessionItem[]; now: Date }) {
  const cal = ical({ name: opts.name, prodId: { company: opts.host, product: 'sessions', language: 'EN' } });
  for (const s of opts.sessions) {
    const start = new Date(s.scheduledAt);
    const minutes = s.durationMinutes > 0 ? s.durationMinutes : 60;
    cal.createEvent({
      id: sessionUid(s.id, opts.host),
      start,
      end: new Date(start.getTime() + minutes * 60_000),
      stamp: opts.now,
      lastModified: new Date(s.updatedAt),
      created: new Date(s.createdAt),
      summary: sessionSummary(s),
      description: s.notes?.trim() ? s.notes.trim() : null,
      status: s.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  const tz = /^[A-Za-z0-9_+\-/]{1,64}$/.test(opts.timeZone) ? opts.timeZone : 'America/New_York';
  return cal.toString().replace(/^VERSION:2\.0\r\n/m, (v) => `${v}X-WR-TIMEZONE:${tz}\r\n`);
}

/** Texts that escaping and folding must get right: separators, line breaks, multi-octet UTF-8, long lines. */
const TEXTS = [
  '',
  '   ',
  'Loose-leash walking',
  'Bring treats; a long leash, and the clicker \\ whistle',
  'Line one\nline two\r\nline three\rline four',
  'Café – naïve façade, “quotes” and ‘single’ ones',
  '🐶🐕‍🦺 emoji 🦴 at the end 🐾',
  'ж'.repeat(120),
  '€'.repeat(80),
  `${'a'.repeat(73)}é${'b'.repeat(73)}🐶${'c'.repeat(200)}`,
  ` Leading and trailing spaces, ${'word '.repeat(60)} `,
  'Tabs\tand "double quotes" and: colons',
];

function seeded(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    return Math.floor((x / 2 ** 31) * n);
  };
}

function sessions(count: number, seed: number): SessionItem[] {
  const pick = seeded(seed);
  const types = ['evaluation', 'training', 'follow_up'] as const;
  const statuses = ['scheduled', 'confirmed', 'completed', 'cancelled'] as const;
  return Array.from({ length: count }, (_, i) => {
    const scheduled = Date.UTC(2026, 0, 1) + pick(400 * 86_400) * 1000 + pick(1000);
    const created = scheduled - pick(90 * 86_400_000);
    return {
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      clientId: `client-${pick(5)}`,
      dogId: `dog-${pick(9)}`,
      scheduledAt: new Date(scheduled).toISOString(),
      durationMinutes: [0, 30, 45, 60, 90, 120, -5][pick(7)],
      endsAt: new Date(scheduled + 3_600_000).toISOString(),
      sessionType: types[pick(3)],
      status: statuses[pick(4)],
      ...(pick(4) ? { notes: TEXTS[pick(TEXTS.length)] } : {}),
      ...(pick(5) ? { clientName: TEXTS[pick(TEXTS.length)].slice(0, 40) } : {}),
      ...(pick(5) ? { dogName: TEXTS[pick(TEXTS.length)].slice(0, 30) } : {}),
      createdAt: new Date(created).toISOString(),
      updatedAt: new Date(created + pick(30 * 86_400_000)).toISOString(),
    };
  });
}

const lines = (text: string) => text.split('\r\n');

describe('calendar feed text (shared/domain/ical.ts) is what ical-generator wrote', () => {
  const cases = [
    { name: 'Pawsitive Training sessions', timeZone: 'America/New_York', host: 'portal.example.com' },
    { name: 'Pawsitive Training - my sessions', timeZone: 'Europe/Berlin', host: '127.0.0.1:3000' },
    { name: 'Über Hündchen 🐶 sessions', timeZone: 'Etc/GMT+5', host: 'localhost' },
    {
      name: 'A business with a rather long name that goes past the fold - my sessions',
      timeZone: 'Bad zone!',
      host: 'x.dev',
    },
    { name: '', timeZone: 'UTC', host: 'localhost' },
  ];

  it('the same lines, in the same order, for hundreds of generated sessions', () => {
    const now = new Date('2026-11-25T20:00:00.789Z');
    cases.forEach((c, i) => {
      for (const count of [0, 1, 7, 150]) {
        const input = { ...c, sessions: sessions(count, i * 1000 + count + 1), now };
        const ours = renderCalendar(input);
        const theirs = oracle(input);
        expect(lines(ours)).toEqual(lines(theirs));
        expect(ours).toBe(theirs);
      }
    });
  });

  it('keeps RFC 5545 form: CRLF only, no line over 75 octets, TEXT escaped, UTC date-times', () => {
    const text = renderCalendar({ ...cases[0], sessions: sessions(200, 42), now: new Date('2026-11-25T20:00:00Z') });
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of lines(text)) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = text.replace(/\r\n /g, '');
    for (const line of lines(unfolded).filter((l) => /^(DTSTAMP|DTSTART|DTEND|CREATED|LAST-MODIFIED):/.test(l))) {
      expect(line).toMatch(/:\d{8}T\d{6}Z$/);
    }
    expect(icalText('a;b,c\\d\ne')).toBe('a\\;b\\,c\\\\d\\ne');
    // Unfolding gives back the line; a multi-octet character is never split.
    const long = `DESCRIPTION:${'é🐶a'.repeat(50)}`;
    expect(foldLine(long).replace(/\r\n /g, '')).toBe(long);
    for (const part of foldLine(long).split('\r\n')) expect(part).not.toMatch(/\uFFFD/);
  });

  it('escapes the calendar name as TEXT (ical-generator 10 wrote it raw)', () => {
    const text = renderCalendar({ ...cases[0], name: 'Paws, Co; the best\\\nsessions', sessions: [] });
    expect(lines(text)).toContain('NAME:Paws\\, Co\\; the best\\\\\\nsessions');
    expect(lines(text)).toContain('X-WR-CALNAME:Paws\\, Co\\; the best\\\\\\nsessions');
  });
});
