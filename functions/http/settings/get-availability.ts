import type { AvailabilityResponse } from '../../../shared/contracts/booking-options.js';
import { getAvailability } from '../../../shared/domain/availability.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/settings/availability (admin): the bookable hours and rules, defaults filled in. */
export const handler = httpHandler({}, async () => {
  const body: AvailabilityResponse = { availability: (await getAvailability()).availability };
  return { body };
});
