import type { OfferedServices } from '../../../shared/contracts/payment-options.js';
import { offeredServices } from '../../../shared/domain/services.js';
import { getBusinessSettings } from '../../../shared/domain/settings.js';
import { clientHttpHandler } from '../../lib/http-client.js';

/**
 * GET /api/services (signed in): the services a client can pay for now, with their prices and credits, in
 * the trainer's order (Settings → Business; retired ones are left out). The payment page lists them.
 */
export const handler = clientHttpHandler({}, async () => {
  const body: OfferedServices = { services: offeredServices((await getBusinessSettings()).services) };
  return { body };
});
