import { analyticsEventSchema } from '../../../shared/contracts/analytics.js';
import { recordAnalyticsEvent } from '../../../shared/domain/analytics.js';
import { httpHandler } from '../../lib/http.js';

/** POST /api/public/events: first-party page views and form submissions. */
export const handler = httpHandler({ body: analyticsEventSchema }, async ({ body }) => {
  await recordAnalyticsEvent(body);
  return { status: 204 };
});
