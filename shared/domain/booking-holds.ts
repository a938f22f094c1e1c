import type { TxEntities, TxItem } from '../db/service.js';

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

/**
 * The items a booked session's cancellation or deletion by the trainer adds: its cells freed and its
 * held credit given back (the trainer's decision costs the client nothing). Nothing for a session the
 * trainer scheduled himself. The booking itself stays approved; the session shows the cancellation.
 */
export function releaseBookedSessionItems(
  e: Pick<TxEntities, 'bookingSlot' | 'sessionCredits'>,
  s: { clientId: string; slotCells?: string[]; creditHeld?: boolean },
): TxItem[] {
  return [...releaseSlotItems(e, s.slotCells ?? []), ...(s.creditHeld ? [releaseCreditItem(e, s.clientId, true)] : [])];
}
