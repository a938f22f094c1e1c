import { checkoutRequest } from '../../../shared/contracts/payments.js';
import { startCheckout } from '../../../shared/domain/payments.js';
import { siteOrigin } from '../../lib/http.js';
import { clientHttpHandler } from '../../lib/http-client.js';
import { logger } from '../../lib/logger.js';

/**
 * POST /api/payments/checkout (client): a hosted checkout for the chosen service at the price the server
 * computes (an `amount` in the body is ignored); answers the URL to send the browser to.
 */
export const handler = clientHttpHandler({ body: checkoutRequest }, async ({ actor, body, event }) => {
  if (!actor) throw new Error('unreachable: client route without actor');
  try {
    return { status: 201, body: await startCheckout(actor.profile.id, body, { origin: siteOrigin(event) }) };
  } catch (e) {
    // The provider's own error (never the keys) goes to the log; the caller gets the spec's text.
    const cause = (e as { cause?: { message?: string; type?: string } }).cause;
    if (cause) logger.error('Checkout creation failed', { type: cause.type, message: cause.message });
    throw e;
  }
});
