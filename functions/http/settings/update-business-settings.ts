import { invalidateCdn } from '../../../shared/adapters/cdn.js';
import { businessSettingsRequest } from '../../../shared/contracts/settings.js';
import { putBusinessSettings } from '../../../shared/domain/settings.js';
import { httpHandler } from '../../lib/http.js';
import { logger } from '../../lib/logger.js';
import { cdnDistributionId } from '../../lib/viewer.js';

/**
 * PUT /api/settings/business (admin): every business setting at once (name, phone, e-mail, default
 * session duration 15 to 180, hourly rate, time zone). They feed the public footer and contact page,
 * the e-mails the product sends and the business week. The public business info cached by CloudFront is
 * invalidated (a failure is logged: the saved settings stand and the cache expires within minutes).
 */
export const handler = httpHandler({ body: businessSettingsRequest }, async ({ actor, body, route, event }) => {
  const settings = await putBusinessSettings(body, actor?.profile.id ?? 'unknown');
  await invalidateCdn(route.invalidates ?? [], cdnDistributionId(event)).catch((e) =>
    logger.error('CDN invalidation failed', e as Error),
  );
  return { body: { settings } };
});
