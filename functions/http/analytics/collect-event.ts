import { analyticsEventSchema } from '../../../shared/contracts/analytics.js';
import { recordAnalyticsEvent } from '../../../shared/domain/analytics.js';
import { tracksVisitor, viewerOf } from '../../lib/analytics-viewer.js';
import { httpHandler } from '../../lib/http.js';

/**
 * POST /api/public/events: first-party page views and form submissions. Nothing is recorded for a
 * browser that sends Do Not Track or Global Privacy Control (the beacon does not send then either).
 */
export const handler = httpHandler({ body: analyticsEventSchema }, async ({ body, event, sourceIp }) => {
  if (tracksVisitor(event.headers)) await recordAnalyticsEvent(body, viewerOf(event.headers, sourceIp));
  return { status: 204 };
});
