import type { BookingsChangedDetail } from '../contracts/booking-options.js';
import { store, type TxEntities, type TxItem } from '../db/service.js';
import { outboxItem } from './outbox.js';

/**
 * What a booking holds (docs/decisions/0034-online-booking.md) as transaction items: its slot cells and
 * one of its client's session credits (taken from `balance` into `held` when requested). Below the
 * sessions and the bookings, so both give them back in their own writes' transactions.
 */

/** Takes one credit from the client's balance into `held`, on condition one is left. */
export function holdCreditItem({ sessionCredits }: Pick<TxEntities, 'sessionCredits'>, profileId: string): TxItem {
  return sessionCredits
    .update({ profileId })
    .add({ balance: -1, held: 1 })
    .where(({ balance }, { gte }) => gte(balance, 1))
    .commit() as TxItem;
}

/** Ends a hold: `back` returns the credit to the balance (declined, cancelled in time), else it is used. */
export function releaseCreditItem(
  { sessionCredits }: Pick<TxEntities, 'sessionCredits'>,
  profileId: string,
  back: boolean,
): TxItem {
  return sessionCredits
    .update({ profileId })
    .add(back ? { balance: 1, held: -1 } : { held: -1 })
    .commit() as TxItem;
}

/** Claims the cells for a booking: each on condition no booking holds it. */
export function claimSlotItems(
  { bookingSlot }: Pick<TxEntities, 'bookingSlot'>,
  cells: readonly string[],
  bookingId: string,
) {
  return cells.map((at) => bookingSlot.create({ at, bookingId }).commit() as TxItem);
}

/** Frees the cells a booking claimed. */
export function releaseSlotItems({ bookingSlot }: Pick<TxEntities, 'bookingSlot'>, cells: readonly string[]) {
  return cells.map((at) => bookingSlot.delete({ at }).commit() as TxItem);
}

/** What a booked session's end by the trainer changes of its booking. */
export interface SessionBooking {
  id: string;
  clientId: string;
  scheduledAt: string;
  status: string;
}

/** The booking a session was booked by, if any (as `releaseBookedSessionItems` needs it). */
export async function bookingOfSession(s: { bookingId?: string }): Promise<SessionBooking | undefined> {
  if (!s.bookingId) return undefined;
  const { data } = await store().entities.booking.get({ id: s.bookingId }).go({ consistent: true });
  return data ?? undefined;
}

/**
 * The items a booked session's cancellation or deletion by the trainer adds: its cells freed, its held
 * credit given back (the trainer's decision costs the client nothing) and its approved booking marked
 * cancelled (on condition it is still approved), which the client's and the trainer's lists hear of.
 * Nothing for a session the trainer scheduled himself.
 */
export function releaseBookedSessionItems(
  e: TxEntities,
  s: { clientId: string; slotCells?: string[]; creditHeld?: boolean },
  booking?: SessionBooking,
): TxItem[] {
  const ended =
    booking?.status === 'approved'
      ? [
          e.booking
            .patch({ id: booking.id })
            .set({ status: 'cancelled' })
            .composite({ scheduledAt: booking.scheduledAt })
            .where(({ status }, { eq }) => eq(status, 'approved'))
            .commit() as TxItem,
          outboxItem(e, 'BookingsChanged', {
            bookingId: booking.id,
            clientId: booking.clientId,
            status: 'cancelled',
          } satisfies BookingsChangedDetail),
        ]
      : [];
  return [
    ...releaseSlotItems(e, s.slotCells ?? []),
    ...(s.creditHeld ? [releaseCreditItem(e, s.clientId, true)] : []),
    ...ended,
  ];
}
