import { type Availability, DEFAULT_AVAILABILITY } from '../contracts/booking-options.js';
import { store } from '../db/service.js';

/**
 * The trainer's availability (Settings → Business → Availability, docs/decisions/0034-online-booking.md):
 * one `setting` item (key `availability`) beside the business settings, read with one GetItem. Nothing
 * saved means no bookable time (no hours, no types).
 */

export const AVAILABILITY_KEY = 'availability';

export interface StoredAvailability {
  availability: Availability;
  /** The admin who saved it last: the sender of the messages of bookings confirmed at once. */
  updatedBy?: string;
}

/** The saved availability over the defaults. */
export async function getAvailability(): Promise<StoredAvailability> {
  const { data } = await store().entities.setting.get({ key: AVAILABILITY_KEY }).go();
  const saved = (data?.availability ?? {}) as Partial<Availability>;
  return {
    availability: { ...DEFAULT_AVAILABILITY, ...saved },
    ...(data?.updatedBy ? { updatedBy: data.updatedBy } : {}),
  };
}

/** Saves every availability setting (validated by the contract, `availabilityRequest`): days off and exceptions sorted by date. */
export async function putAvailability(input: Availability, updatedBy: string): Promise<Availability> {
  const byStart = <T extends { start: string }>(rs: readonly T[]) =>
    [...rs].sort((x, y) => x.start.localeCompare(y.start));
  const availability: Availability = {
    ...input,
    weeklyHours: input.weeklyHours.map(byStart),
    closedDates: [...input.closedDates].sort(),
    exceptions: [...input.exceptions]
      .sort((x, y) => x.date.localeCompare(y.date))
      .map((e) => ({ date: e.date, ranges: byStart(e.ranges) })),
    bookableTypes: input.bookableTypes.map((t) => ({ ...t })),
  };
  await store().entities.setting.put({ key: AVAILABILITY_KEY, availability, updatedBy }).go();
  return availability;
}

/** Forgets the saved availability (tests). */
export async function resetAvailability(): Promise<void> {
  await store().entities.setting.delete({ key: AVAILABILITY_KEY }).go();
}
