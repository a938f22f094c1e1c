import { CLASS_SEATS_CACHE_CONTROL } from '../../../shared/contracts/public-classes.js';
import { classSeats } from '../../../shared/domain/public-classes.js';
import { httpHandler } from '../../lib/http.js';

/**
 * GET /api/public/classes/seats (public): the seats left of each upcoming published class, for the class
 * pages' figures (cached by CloudFront, at most a minute old). Nothing private: class ids and numbers.
 */
export const handler = httpHandler({}, async () => ({
  body: await classSeats(),
  headers: { 'cache-control': CLASS_SEATS_CACHE_CONTROL },
}));
