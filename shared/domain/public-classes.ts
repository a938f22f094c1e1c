import type { ClassSeats, PublicClass, PublicClasses } from '../contracts/public-classes.js';
import { businessTimeZone } from './business-zone.js';
import { type ClassItem, listOpenClasses } from './classes.js';

/**
 * What the public site shows of group classes: the published classes whose last meeting has not ended,
 * without anything private (no enrolment, client or dog; not the vaccination rules either).
 */

export function toPublicClass(c: ClassItem): PublicClass {
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    program: c.program ?? null,
    credits: c.credits,
    price: c.price ?? null,
    seatsLeft: Math.max(0, c.capacity - c.seatsTaken),
    location: c.location ?? null,
    online: c.online,
    durationMinutes: c.durationMinutes,
    weeks: c.weeks,
    meetings: c.meetings.filter((m) => !m.cancelledAt).map((m) => ({ startsAt: m.startsAt, endsAt: m.endsAt })),
  };
}

/** The class pages' content (the render on publish). */
export async function readPublicClasses(now = Date.now()): Promise<PublicClasses> {
  const classes = await listOpenClasses(now);
  return { timeZone: businessTimeZone(), classes: classes.map(toPublicClass) };
}

/** GET /api/public/classes/seats. */
export async function classSeats(now = Date.now()): Promise<ClassSeats> {
  const classes = await listOpenClasses(now);
  return { seats: classes.map((c) => ({ id: c.id, seatsLeft: Math.max(0, c.capacity - c.seatsTaken) })) };
}
