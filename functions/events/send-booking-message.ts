import { sendBookingDeclinedMessage } from '../../shared/domain/booking-messages.js';
import type { BookingDeclinedDetail } from '../../shared/domain/bookings.js';
import { eventHandler } from '../lib/event.js';
import { logger } from '../lib/logger.js';

/** The trainer declined a booking request: the client gets the message (and its e-mail notice) once. */
export const handler = eventHandler<BookingDeclinedDetail>('events/send-booking-message', async (event) => {
  const outcome = await sendBookingDeclinedMessage(event.detail);
  logger.info(`Booking message: ${outcome}`, { bookingId: event.detail.bookingId });
});
