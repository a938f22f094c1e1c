/** Tests only: classes and enrolments as the API answers them. */
import type { ClassView, EnrolmentView, RosterEntry } from '#shared/contracts/class-options';

export const klass = (over: Partial<ClassView> = {}): ClassView => ({
  id: 'c-1',
  title: 'Puppy Basics',
  description: 'Sit, stay and **loose-lead** walking.',
  program: null,
  credits: 6,
  price: null,
  capacity: 8,
  seatsTaken: 3,
  seatsLeft: 5,
  waitlisted: 0,
  location: 'Riverside Park',
  online: false,
  requiredVaccines: ['rabies', 'dhpp'],
  vaccinationRule: 'warn',
  durationMinutes: 60,
  weeks: 6,
  status: 'published',
  // Tue 8 Dec 2026, 6:00 PM Eastern (23:00 UTC), then weekly.
  meetings: Array.from({ length: 6 }, (_, i) => {
    const start = new Date(Date.UTC(2026, 11, 8 + 7 * i, 23));
    return {
      id: `m-${i + 1}`,
      startsAt: start.toISOString(),
      endsAt: new Date(start.getTime() + 3_600_000).toISOString(),
    };
  }),
  createdAt: '2026-11-01T12:00:00.000Z',
  updatedAt: '2026-11-01T12:00:00.000Z',
  ...over,
});

export const enrolment = (over: Partial<EnrolmentView> = {}): EnrolmentView => ({
  id: 'e-1',
  classId: 'c-1',
  classTitle: 'Puppy Basics',
  clientId: 'p-1',
  clientName: 'Maria Lopez',
  dogId: 'd-1',
  dogName: 'Biscuit',
  status: 'enrolled',
  position: null,
  offerExpiresAt: null,
  creditsUsed: 6,
  createdAt: '2026-11-02T12:00:00.000Z',
  ...over,
});

export const rosterEntry = (over: Partial<RosterEntry> = {}): RosterEntry => ({
  ...enrolment(),
  email: 'maria@example.com',
  phone: '(941) 555-0111',
  ...over,
});
