import { businessSettingsRequest } from '../../../shared/contracts/settings.js';
import { putBusinessSettings } from '../../../shared/domain/settings.js';
import { httpHandler } from '../../lib/http.js';

/**
 * PUT /api/settings/business (admin): every business setting at once (name, phone, e-mail, default
 * session duration 15 to 180, hourly rate, time zone). They feed the public footer and contact page,
 * the e-mails the product sends and the business week.
 */
export const handler = httpHandler({ body: businessSettingsRequest }, async ({ actor, body }) => ({
  body: { settings: await putBusinessSettings(body, actor?.profile.id ?? 'unknown') },
}));
