import { availabilityRequest } from '../../../shared/contracts/booking.js';
import type { AvailabilityResponse } from '../../../shared/contracts/booking-options.js';
import { putAvailability } from '../../../shared/domain/availability.js';
import { httpHandler } from '../../lib/http.js';

/**
 * PUT /api/settings/availability (admin): weekly hours, days off, exceptions, bookable types, buffer,
 * notice, horizon, cancellation cut-off and approval, all at once (validated by the contract).
 */
export const handler = httpHandler({ body: availabilityRequest }, async ({ actor, body }) => {
  const result: AvailabilityResponse = { availability: await putAvailability(body, actor?.profile.id ?? 'unknown') };
  return { body: result };
});
