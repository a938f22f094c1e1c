import { getBusinessSettings } from '../../../shared/domain/settings.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/settings/business (admin): the business settings, defaults filled in. */
export const handler = httpHandler({}, async () => ({ body: { settings: await getBusinessSettings() } }));
