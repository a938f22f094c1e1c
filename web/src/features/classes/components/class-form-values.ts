import { format } from 'date-fns';
import {
  CLASS_DURATIONS,
  CLASS_TEXTS,
  type ClassVaccinationRule,
  type ClassView,
  MAX_CLASS_CAPACITY,
  MAX_CLASS_CREDITS,
  MAX_CLASS_DESCRIPTION,
  MAX_CLASS_LOCATION,
  MAX_CLASS_PRICE,
  MAX_CLASS_TITLE,
  MAX_CLASS_WEEKS,
} from '#shared/contracts/class-options';
import type { RequirableVaccine } from '#shared/contracts/vaccination-options';
import { businessWallTime, inBusinessZone } from '../../../lib/business-zone';
import type { ClassInput } from '../api/classes';

/** The class form's values as typed, their checks (the server's texts) and the request body they make. */

export interface ClassFormValues {
  title: string;
  description: string;
  program: string;
  credits: string;
  /** Dollars; empty: credits only. */
  price: string;
  capacity: string;
  location: string;
  online: boolean;
  requiredVaccines: RequirableVaccine[];
  vaccinationRule: ClassVaccinationRule;
  /** `yyyy-MM-dd` and `HH:mm` in the business time zone. */
  date: string;
  time: string;
  durationMinutes: number;
  weeks: string;
}

export type ClassFormErrors = Partial<Record<keyof ClassFormValues | 'form', string>>;

export const DEFAULT_CLASS_MINUTES = 60;

type ClassDuration = (typeof CLASS_DURATIONS)[number];

export function emptyValues(requiredVaccines: readonly RequirableVaccine[] = []): ClassFormValues {
  return {
    title: '',
    description: '',
    program: '',
    credits: '1',
    price: '',
    capacity: '8',
    location: '',
    online: false,
    requiredVaccines: [...requiredVaccines],
    vaccinationRule: 'warn',
    date: '',
    time: '',
    durationMinutes: DEFAULT_CLASS_MINUTES,
    weeks: '6',
  };
}

/** An instant's date and time as the form holds them (business time zone). */
export function formFieldsOf(iso: string): { date: string; time: string } {
  const z = inBusinessZone(iso);
  return { date: format(z, 'yyyy-MM-dd'), time: format(z, 'HH:mm') };
}

/** A saved class as the form's values (edit). */
export function valuesOf(c: ClassView): ClassFormValues {
  const first = c.meetings[0]?.startsAt;
  return {
    title: c.title,
    description: c.description,
    program: c.program ?? '',
    credits: String(c.credits),
    price: c.price === null ? '' : String(c.price),
    capacity: String(c.capacity),
    location: c.location ?? '',
    online: c.online,
    requiredVaccines: [...c.requiredVaccines],
    vaccinationRule: c.vaccinationRule,
    ...(first ? formFieldsOf(first) : { date: '', time: '' }),
    durationMinutes: c.durationMinutes,
    weeks: String(c.weeks),
  };
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})$/;

/** A date (`yyyy-MM-dd`) and time (`HH:mm`) read in the business time zone, as an ISO instant. */
export function businessInstant(date: string, time: string): string | undefined {
  const d = DATE.exec(date);
  const t = TIME.exec(time);
  if (!d || !t || +t[1] > 23 || +t[2] > 59) return undefined;
  const at = businessWallTime(+d[1], +d[2] - 1, +d[3], +t[1], +t[2]);
  // A date that does not exist (Feb 30) rolls over: refuse it.
  if (Number.isNaN(at.getTime()) || format(at, 'yyyy-MM-dd') !== date) return undefined;
  return new Date(at.getTime()).toISOString();
}

/** A whole number typed in a field (NaN when it is not one). */
const whole = (s: string) => (/^\s*\d+\s*$/.test(s) ? Number(s) : Number.NaN);
const inRange = (n: number, max: number) => Number.isInteger(n) && n >= 1 && n <= max;

/** A price typed in dollars (cents at most), null when empty, NaN when it is not one. */
function dollars(s: string): number | null {
  const t = s.trim();
  if (!t) return null;
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return Number.NaN;
  const n = Number(t);
  return n <= MAX_CLASS_PRICE ? n : Number.NaN;
}

/**
 * The request body, or the fields' errors (CLASS_TEXTS). `lockedStart`: the saved first meeting of a
 * published class, sent as it is (the server refuses a change); `now` for the past check.
 */
export function toInput(
  v: ClassFormValues,
  options: { lockedStart?: string; now?: number } = {},
): { input: ClassInput; errors?: undefined } | { input?: undefined; errors: ClassFormErrors } {
  const errors: ClassFormErrors = {};
  const title = v.title.trim();
  if (!title || title.length > MAX_CLASS_TITLE) errors.title = CLASS_TEXTS.title;
  if (v.description.trim().length > MAX_CLASS_DESCRIPTION) errors.description = CLASS_TEXTS.description;
  const credits = whole(v.credits);
  if (!inRange(credits, MAX_CLASS_CREDITS)) errors.credits = CLASS_TEXTS.credits;
  const price = dollars(v.price);
  if (Number.isNaN(price)) errors.price = CLASS_TEXTS.price;
  const capacity = whole(v.capacity);
  if (!inRange(capacity, MAX_CLASS_CAPACITY)) errors.capacity = CLASS_TEXTS.capacity;
  const location = v.location.trim();
  if (location.length > MAX_CLASS_LOCATION) errors.location = CLASS_TEXTS.location;
  else if (!location && !v.online) errors.location = CLASS_TEXTS.locationRequired;
  const weeks = whole(v.weeks);
  if (!inRange(weeks, MAX_CLASS_WEEKS)) errors.weeks = CLASS_TEXTS.weeks;
  if (!(CLASS_DURATIONS as readonly number[]).includes(v.durationMinutes))
    errors.durationMinutes = CLASS_TEXTS.duration;
  const firstMeeting = options.lockedStart ?? businessInstant(v.date, v.time);
  if (!firstMeeting) errors.date = CLASS_TEXTS.firstMeeting;
  else if (!options.lockedStart && new Date(firstMeeting).getTime() < (options.now ?? Date.now()))
    errors.date = CLASS_TEXTS.firstMeetingPast;
  if (Object.keys(errors).length > 0 || !firstMeeting) return { errors };
  return {
    input: {
      title,
      description: v.description.trim(),
      program: v.program.trim() || null,
      credits,
      price: price || null,
      capacity,
      location: location || null,
      online: v.online,
      requiredVaccines: [...v.requiredVaccines],
      vaccinationRule: v.vaccinationRule,
      firstMeeting,
      durationMinutes: v.durationMinutes as ClassDuration,
      weeks,
    },
  };
}
