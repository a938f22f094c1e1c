import { randomUUID } from 'node:crypto';
import { TZDate } from '@date-fns/tz';
import { addWeeks } from 'date-fns';
import {
  type CalendarMeeting,
  CLASS_TEXTS,
  type ClassList,
  type ClassMeeting,
  type ClassRequest,
  type ClassRoster,
  type ClassView,
  type EnrolmentView,
  type RosterEntry,
} from '../contracts/classes.js';
import type { RequirableVaccine } from '../contracts/vaccination-options.js';
import { isConditionFailure, store, type TxItem, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import { businessTimeZone } from './business-zone.js';
import { meetingItems } from './class-meetings.js';
import { classPagesChanged, raiseClassPagesChanged } from './class-pages.js';
import { classPayments } from './class-payments.js';
import { getProfileById } from './profiles.js';

/**
 * Group classes (docs/decisions/0070-group-classes.md): the trainer's drafts and published classes,
 * their weekly meetings, and the lists each caller may read. Enrolment lives in enrolments.ts.
 */

const MINUTE = 60_000;

export interface ClassItem {
  id: string;
  title: string;
  description: string;
  program?: string;
  credits: number;
  price?: number;
  capacity: number;
  seatsTaken: number;
  waitlisted: number;
  waitlistNext: number;
  location?: string;
  online: boolean;
  requiredVaccines: RequirableVaccine[];
  vaccinationRule: ClassView['vaccinationRule'];
  durationMinutes: number;
  weeks: number;
  status: ClassView['status'];
  meetings: (Omit<ClassMeeting, 'cancelled'> & { cancelledAt?: string; cancelReason?: string })[];
  firstStart: string;
  lastEnd: string;
  createdAt: string;
  updatedAt: string;
}

export interface EnrolmentItem {
  id: string;
  classId: string;
  classTitle: string;
  clientId: string;
  clientName: string;
  dogId: string;
  dogName: string;
  status: EnrolmentView['status'];
  position?: number;
  offerExpiresAt?: string;
  offerEmailedAt?: string;
  creditsUsed: number;
  createdAt: string;
  updatedAt: string;
}

export function toClassView(c: ClassItem): ClassView {
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    program: c.program ?? null,
    credits: c.credits,
    price: c.price ?? null,
    capacity: c.capacity,
    seatsTaken: c.seatsTaken,
    seatsLeft: Math.max(0, c.capacity - c.seatsTaken),
    waitlisted: c.waitlisted,
    location: c.location ?? null,
    online: c.online,
    requiredVaccines: c.requiredVaccines,
    vaccinationRule: c.vaccinationRule,
    durationMinutes: c.durationMinutes,
    weeks: c.weeks,
    status: c.status,
    meetings: c.meetings.map((m) => ({
      id: m.id,
      startsAt: m.startsAt,
      endsAt: m.endsAt,
      ...(m.cancelledAt ? { cancelled: { at: m.cancelledAt, reason: m.cancelReason ?? '' } } : {}),
    })),
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
  };
}

/** `rank` is the waitlist place (1 first) of a waitlisted enrolment, computed from the tickets of its class. */
export function toEnrolmentView(e: EnrolmentItem, rank?: number): EnrolmentView {
  return {
    id: e.id,
    classId: e.classId,
    classTitle: e.classTitle,
    clientId: e.clientId,
    clientName: e.clientName,
    dogId: e.dogId,
    dogName: e.dogName,
    status: e.status,
    position: e.status === 'waitlisted' ? (rank ?? null) : null,
    offerExpiresAt: e.status === 'offered' ? (e.offerExpiresAt ?? null) : null,
    creditsUsed: e.creditsUsed,
    createdAt: e.createdAt,
  };
}

/**
 * The meetings of a class: `weeks` of them from `first`, at the same time of day in the business's time
 * zone every week (across daylight-saving changes).
 */
export function weeklyMeetings(first: string, weeks: number, durationMinutes: number, timeZone: string) {
  const local = new TZDate(Date.parse(first), timeZone);
  return Array.from({ length: weeks }, () => randomUUID()).map((id, i) => {
    const start = addWeeks(local, i).getTime();
    return {
      id,
      startsAt: new Date(start).toISOString(),
      endsAt: new Date(start + durationMinutes * MINUTE).toISOString(),
    };
  });
}

function fieldsOf(input: ClassRequest) {
  return {
    title: input.title,
    description: input.description,
    credits: input.credits,
    capacity: input.capacity,
    online: input.online,
    requiredVaccines: [...new Set(input.requiredVaccines)],
    vaccinationRule: input.vaccinationRule,
    durationMinutes: input.durationMinutes,
    weeks: input.weeks,
  };
}

function scheduleOf(input: ClassRequest, now: number) {
  if (Date.parse(input.firstMeeting) <= now) {
    throw new AppError('VALIDATION', CLASS_TEXTS.firstMeetingPast, { firstMeeting: [CLASS_TEXTS.firstMeetingPast] });
  }
  const meetings = weeklyMeetings(input.firstMeeting, input.weeks, input.durationMinutes, businessTimeZone());
  return { meetings, firstStart: meetings[0].startsAt, lastEnd: meetings[meetings.length - 1].endsAt };
}

/** The trainer creates a class; it is a draft until published. */
export async function createClass(input: ClassRequest, now = Date.now()): Promise<ClassItem> {
  const { data } = await store()
    .entities.groupClass.create({
      ...fieldsOf(input),
      ...(input.program ? { program: input.program } : {}),
      ...(input.location ? { location: input.location } : {}),
      ...(input.price ? { price: input.price } : {}),
      ...scheduleOf(input, now),
      status: 'draft',
    })
    .go();
  return data as ClassItem;
}

export async function findClass(id: string): Promise<ClassItem | undefined> {
  const { data } = await store().entities.groupClass.get({ id }).go({ consistent: true });
  return (data ?? undefined) as ClassItem | undefined;
}

export async function getClass(id: string): Promise<ClassItem> {
  const c = await findClass(id);
  if (!c) throw new AppError('NOT_FOUND', CLASS_TEXTS.notFound);
  return c;
}

/** A class a client may see: published (a draft is not found). */
export async function getPublishedClass(id: string): Promise<ClassItem> {
  const c = await findClass(id);
  if (c?.status !== 'published') throw new AppError('NOT_FOUND', CLASS_TEXTS.notFound);
  return c;
}

const sameSchedule = (c: ClassItem, input: ClassRequest) =>
  Date.parse(input.firstMeeting) === Date.parse(c.firstStart) &&
  input.weeks === c.weeks &&
  input.durationMinutes === c.durationMinutes;

/**
 * The trainer changes a class. A draft's meetings are made again from the schedule; a published class
 * keeps them (CONFLICT when the schedule differs), and its capacity cannot go below the seats taken.
 */
export async function updateClass(id: string, input: ClassRequest, now = Date.now()): Promise<ClassItem> {
  const c = await getClass(id);
  const published = c.status === 'published';
  if (published && !sameSchedule(c, input)) throw new AppError('CONFLICT', CLASS_TEXTS.scheduleLocked);
  if (input.capacity < c.seatsTaken) {
    throw new AppError('VALIDATION', CLASS_TEXTS.capacityBelowSeats, { capacity: [CLASS_TEXTS.capacityBelowSeats] });
  }
  const schedule = published || sameSchedule(c, input) ? {} : scheduleOf(input, now);
  const present = {
    ...(input.program ? { program: input.program } : {}),
    ...(input.location ? { location: input.location } : {}),
    ...(input.price ? { price: input.price } : {}),
  };
  const absent = [
    ...(input.program ? [] : ['program' as const]),
    ...(input.location ? [] : ['location' as const]),
    ...(input.price ? [] : ['price' as const]),
  ];
  try {
    await store()
      .entities.groupClass.patch({ id })
      .set({ ...fieldsOf(input), ...schedule, ...present })
      .remove(absent)
      .where(({ status, seatsTaken }, { eq, lte }) => `${eq(status, c.status)} AND ${lte(seatsTaken, input.capacity)}`)
      .go();
  } catch (e) {
    if (isConditionFailure(e)) throw new AppError('CONFLICT', CLASS_TEXTS.capacityBelowSeats);
    throw e;
  }
  if (published) await raiseClassPagesChanged(id);
  return getClass(id);
}

/** The trainer publishes a draft whose first meeting is still ahead. */
export async function publishClass(id: string, now = Date.now()): Promise<ClassItem> {
  const c = await getClass(id);
  if (c.status === 'published') throw new AppError('CONFLICT', CLASS_TEXTS.alreadyPublished);
  if (Date.parse(c.firstStart) <= now) throw new AppError('CONFLICT', CLASS_TEXTS.started);
  const { canceled } = await writeTransaction((e) => [
    e.groupClass
      .patch({ id })
      .set({ status: 'published' })
      .where(({ status }, { eq }) => eq(status, 'draft'))
      .commit() as TxItem,
    ...meetingItems(e, c),
    classPagesChanged(e, id),
  ]);
  if (canceled) throw new AppError('CONFLICT', CLASS_TEXTS.alreadyPublished);
  return getClass(id);
}

const byFirstStart = (a: ClassItem, b: ClassItem) => a.firstStart.localeCompare(b.firstStart);

async function classesOf(status: ClassItem['status'], endsAfter?: string): Promise<ClassItem[]> {
  const q = store().entities.groupClass.query.byStatus({ status });
  const { data } = await (endsAfter ? q.gte({ lastEnd: endsAfter }) : q).go({ pages: 'all' });
  return data as ClassItem[];
}

/** Every class for the trainer: drafts and published ones, by first meeting. */
export async function listAllClasses(): Promise<ClassItem[]> {
  const [drafts, published] = await Promise.all([classesOf('draft'), classesOf('published')]);
  return [...drafts, ...published].sort(byFirstStart);
}

/** The published classes whose last meeting has not ended, by first meeting. */
export async function listOpenClasses(now = Date.now()): Promise<ClassItem[]> {
  return (await classesOf('published', new Date(now).toISOString())).sort(byFirstStart);
}

export async function listClassEnrolments(classId: string): Promise<EnrolmentItem[]> {
  const { data } = await store().entities.enrolment.query.byClass({ classId }).go({ pages: 'all' });
  return data as EnrolmentItem[];
}

export async function listClientEnrolments(clientId: string): Promise<EnrolmentItem[]> {
  const { data } = await store().entities.enrolment.query.byClient({ clientId }).go({ pages: 'all' });
  return data as EnrolmentItem[];
}

/** The waitlist of a class in order (by ticket). */
export const waitlistOf = (enrolments: readonly EnrolmentItem[]) =>
  enrolments.filter((e) => e.status === 'waitlisted').sort((a, b) => (a.position ?? 0) - (b.position ?? 0));

/** An enrolment's view with its waitlist place read from its class. */
export async function enrolmentView(e: EnrolmentItem): Promise<EnrolmentView> {
  if (e.status !== 'waitlisted') return toEnrolmentView(e);
  const rank = waitlistOf(await listClassEnrolments(e.classId)).findIndex((w) => w.id === e.id) + 1;
  return toEnrolmentView(e, rank || undefined);
}

/** GET /api/classes for a client: the open classes and the client's own live enrolments in them. */
export async function clientClassList(clientId: string, now = Date.now()): Promise<ClassList> {
  const [classes, mine] = await Promise.all([listOpenClasses(now), listClientEnrolments(clientId)]);
  const open = new Set(classes.map((c) => c.id));
  const live = mine.filter((e) => e.status !== 'cancelled' && open.has(e.classId));
  return { classes: classes.map(toClassView), enrolments: await Promise.all(live.map(enrolmentView)) };
}

/** GET /api/classes/{classId}/roster: the enrolled dogs with their owners' contacts, open offers, and the waitlist in order. */
export async function classRoster(classId: string): Promise<ClassRoster> {
  const c = await getClass(classId);
  const enrolments = await listClassEnrolments(classId);
  const owners = new Map(
    await Promise.all(
      [...new Set(enrolments.map((e) => e.clientId))].map(async (id) => [id, await getProfileById(id)] as const),
    ),
  );
  const entry = (e: EnrolmentItem, rank?: number): RosterEntry => {
    const owner = owners.get(e.clientId);
    return { ...toEnrolmentView(e, rank), email: owner?.email ?? null, phone: owner?.phone ?? null };
  };
  return {
    class: toClassView(c),
    enrolled: enrolments.filter((e) => e.status === 'enrolled').map((e) => entry(e)),
    offered: enrolments.filter((e) => e.status === 'offered').map((e) => entry(e)),
    waitlist: waitlistOf(enrolments).map((e, i) => entry(e, i + 1)),
    payments: await classPayments(classId, enrolments),
  };
}

/**
 * A client's meetings starting in [from, to): those of the classes where a dog of theirs holds a seat,
 * with the dogs named, soonest first.
 */
export async function clientMeetingsBetween(clientId: string, from: string, to: string): Promise<CalendarMeeting[]> {
  const seats = (await listClientEnrolments(clientId)).filter((e) => e.status === 'enrolled');
  const dogs = new Map<string, string[]>();
  for (const e of seats) dogs.set(e.classId, [...(dogs.get(e.classId) ?? []), e.dogName]);
  const classes = await Promise.all([...dogs.keys()].map((id) => findClass(id)));
  return classes
    .filter((c): c is ClassItem => c?.status === 'published')
    .flatMap((c) =>
      c.meetings
        .filter((m) => !m.cancelledAt && m.startsAt >= from && m.startsAt < to)
        .map((m) => ({
          id: m.id,
          classId: c.id,
          title: c.title,
          startsAt: m.startsAt,
          endsAt: m.endsAt,
          location: c.location ?? null,
          online: c.online,
          dogNames: dogs.get(c.id) ?? [],
        })),
    )
    .sort((a, b) => a.startsAt.localeCompare(b.startsAt));
}
