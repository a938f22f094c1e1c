import { paymentKeys } from '../../../shared/adapters/payment-keys.js';
import type { PaymentsSetup } from '../../../shared/contracts/payment-options.js';
import { httpHandler } from '../../lib/http.js';

/**
 * GET /api/integrations/payments (admin): whether this deployment has the payment provider's keys. The
 * answer is a yes or no; no key, nor any part of one, leaves the function.
 */
export const handler = httpHandler({}, async () => {
  const body: PaymentsSetup = { configured: !!(await paymentKeys()) };
  return { body };
});
