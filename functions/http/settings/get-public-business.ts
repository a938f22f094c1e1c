import { getPublicBusinessInfo } from '../../../shared/domain/settings.js';
import { httpHandler } from '../../lib/http.js';

/** GET /api/public/business (public): the business's name, phone and e-mail for the public site. */
export const handler = httpHandler({}, async () => ({ body: await getPublicBusinessInfo() }));
