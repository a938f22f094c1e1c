import { businessSettingsRequest } from '../../../shared/contracts/settings.js';
import { putBusinessSettings } from '../../../shared/domain/settings.js';
import { httpHandler } from '../../lib/http.js';
import { cdnDistributionId } from '../../lib/viewer.js';

/**
 * PUT /api/settings/business (admin): every business setting at once (name, phone, e-mail, default
 * session duration 15 to 180, hourly rate, time zone). They feed the public footer and contact page,
 * the e-mails the product sends and the business week. The public business info cached by CloudFront is
 * invalidated by events/invalidate-cdn, raised in the save's transaction with the route's `invalidates`
 * and the distribution the request came through.
 */
export const handler = httpHandler({ body: businessSettingsRequest }, async ({ actor, body, route, event }) => {
  const distributionId = cdnDistributionId(event);
  const settings = await putBusinessSettings(body, actor?.profile.id ?? 'unknown', {
    paths: [...(route.invalidates ?? [])],
    ...(distributionId ? { distributionId } : {}),
  });
  return { body: { settings } };
});
