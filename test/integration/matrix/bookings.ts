import { DEFAULT_AVAILABILITY } from '../../../shared/contracts/booking-options.js';
import { store } from '../../../shared/db/service.js';
import { putAvailability } from '../../../shared/domain/availability.js';
import { api } from '../../support/api.js';
import { dogOf } from './dogs-and-notes.js';
import { ADMIN_ONLY, type Expectations, type MatrixUsers } from './types.js';

const CLIENT_OK = { anonymous: 401, clientA: 200, clientB: 200, admin: 403 } as const;

/** Every hour of every day bookable, 30-minute follow-ups, no buffer or notice (the matrix's own times). */
const AVAILABILITY = {
  ...DEFAULT_AVAILABILITY,
  weeklyHours: Array.from({ length: 7 }, () => [{ start: '00:00', end: '24:00' }]),
  bookableTypes: [{ sessionType: 'follow_up' as const, durationMinutes: 30 }],
  bufferMinutes: 0 as const,
  minNoticeHours: 0,
  horizonDays: 365,
  cancellationCutoffHours: 0,
};

const bookable = (users: MatrixUsers) => putAvailability(AVAILABILITY, users.admin.profileId);

/** A distinct half hour far ahead for each request of the run (a random day, then one hour apart). */
const base = Math.floor((Date.now() + (150 + Math.floor(Math.random() * 100)) * 86_400_000) / 3_600_000) * 3_600_000;
let next = 0;
const freshTime = () => new Date(base + next++ * 3_600_000).toISOString();

/** A booking body for a new dog of client A, with a credit for it. */
async function bookingBody(users: MatrixUsers) {
  await bookable(users);
  await store().entities.sessionCredits.update({ profileId: users.clientA.profileId }).add({ balance: 1 }).go();
  const dog = await dogOf(users.clientA.profileId, 'Booked Pup');
  return { dogId: dog.id, sessionType: 'follow_up', scheduledAt: freshTime() };
}

/** A pending booking of client A (requested through the API); returns its id. */
async function bookingOfA(users: MatrixUsers): Promise<string> {
  const res = await api('POST', '/api/me/bookings', { token: users.clientA.idToken, body: await bookingBody(users) });
  if (res.status !== 201) throw new Error(`request booking: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.booking.id;
}

/**
 * Online booking: only the trainer reads and sets the availability, lists and decides requests; a
 * client reads open times, requests for their own dog only (another client's dog is refused) and lists
 * and cancels only their own bookings (another client's is not found).
 */
export const bookingsExpectations: Expectations = {
  'GET /api/settings/availability': { request: () => ({ path: '/api/settings/availability' }), status: ADMIN_ONLY },
  'PUT /api/settings/availability': {
    request: () => ({ path: '/api/settings/availability', body: AVAILABILITY }),
    status: ADMIN_ONLY,
  },
  'GET /api/me/open-times': {
    request: async (users) => {
      await bookable(users);
      return { path: '/api/me/open-times?sessionType=follow_up&weeks=1' };
    },
    status: CLIENT_OK,
  },
  'GET /api/me/bookings': { request: () => ({ path: '/api/me/bookings' }), status: CLIENT_OK },
  'POST /api/me/bookings': {
    request: async (users) => ({ path: '/api/me/bookings', body: await bookingBody(users) }),
    status: { anonymous: 401, clientA: 201, clientB: 400, admin: 403 },
  },
  'POST /api/me/bookings/{id}/cancel': {
    request: async (users) => ({ path: `/api/me/bookings/${await bookingOfA(users)}/cancel` }),
    status: { anonymous: 401, clientA: 200, clientB: 404, admin: 403 },
  },
  'GET /api/bookings': { request: () => ({ path: '/api/bookings' }), status: ADMIN_ONLY },
  'POST /api/bookings/{id}/approve': {
    request: async (users) => ({ path: `/api/bookings/${await bookingOfA(users)}/approve`, body: { note: 'Yes' } }),
    status: ADMIN_ONLY,
  },
  'POST /api/bookings/{id}/decline': {
    request: async (users) => ({ path: `/api/bookings/${await bookingOfA(users)}/decline`, body: { note: 'No' } }),
    status: ADMIN_ONLY,
  },
};
