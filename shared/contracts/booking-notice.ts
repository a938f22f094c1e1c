/**
 * The trainer's toast when a booking request arrives, apart from booking-options.ts: the sessions page
 * shows it from its first load, and all of booking's texts come only with the requests list.
 */
export const NEW_BOOKING_REQUEST_TEXT = 'New booking request';
