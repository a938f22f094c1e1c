import { applyProviderEvent } from '../../../shared/domain/payments.js';
import { AppError } from '../../../shared/errors.js';
import { httpHandler } from '../../lib/http.js';
import { logger } from '../../lib/logger.js';

/** Largest webhook body accepted (Stripe's events are a few kilobytes). */
const MAX_WEBHOOK_BYTES = 256 * 1024;

/**
 * POST /api/public/payments/webhook (public, called by Stripe): the signature is checked on the body
 * exactly as API Gateway delivers it (base64-decoded to the original bytes when flagged), then the event
 * is applied once per checkout. An event for a checkout the product does not know is logged and
 * acknowledged, so the provider stops retrying it.
 */
export const handler = httpHandler({}, async ({ event }) => {
  const raw = Buffer.from(event.body ?? '', event.isBase64Encoded ? 'base64' : 'utf8');
  if (raw.length > MAX_WEBHOOK_BYTES) throw new AppError('PAYLOAD_TOO_LARGE', 'Request body is too large');
  const outcome = await applyProviderEvent(raw, event.headers?.['stripe-signature']);
  if (outcome.change === 'unknown') logger.warn('Payment event for an unknown checkout', { ...outcome });
  else logger.info('Payment event', { ...outcome });
  return { body: { received: true } };
});
