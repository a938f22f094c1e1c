import { getPublicBusinessInfo } from '../../../shared/domain/settings.js';
import { httpHandler } from '../../lib/http.js';
import { PUBLIC_CACHE_CONTROL } from '../../lib/viewer.js';

/** GET /api/public/business (public): the business's name, phone and e-mail for the public site (cached by CloudFront). */
export const handler = httpHandler({}, async () => ({
  body: await getPublicBusinessInfo(),
  headers: { 'cache-control': PUBLIC_CACHE_CONTROL },
}));
