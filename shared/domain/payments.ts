import { randomUUID } from 'node:crypto';
import { type CheckoutSession, paymentKeys, type StripeEvent, stripeClient } from '../adapters/payments.js';
import {
  type CheckoutCreated,
  type CheckoutRequest,
  CURRENCY,
  PAYMENT_TEXTS,
  type Payment,
} from '../contracts/payments.js';
import { store, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import { checkDiscountCode, holdDiscountUse, holdRefusal } from './discount-codes.js';
import { closePayment, getMyPayment, getStoredPayment, type PaymentChange } from './payment-records.js';
import { quotePrice } from './pricing.js';
import { referralForPayer } from './referrals.js';
import { serviceToSell } from './services.js';
import { getBusinessSettings } from './settings.js';

/**
 * A client's payment: the server prices the service (shared/domain/pricing.ts; an amount the browser
 * sends is never read), records it `pending` while holding the discount's use in the same transaction,
 * and opens a hosted Checkout Session for exactly that amount. The provider's signed webhook then marks
 * it paid (counting the discount's use) or expired (giving the use back), once however often it arrives.
 */

const setupFailed = () => new AppError('UNAVAILABLE', PAYMENT_TEXTS.setupFailed);

/** Attempts of the payment's write when a concurrent checkout of the same code conflicts with it. */
const HOLD_ATTEMPTS = 4;

export interface CheckoutLinks {
  /** The site's origin: where the provider sends the payer back. */
  origin: string;
}

export async function startCheckout(
  payerId: string,
  input: CheckoutRequest,
  links: CheckoutLinks,
): Promise<CheckoutCreated> {
  const keys = await paymentKeys();
  if (!keys) throw setupFailed();
  const discount = input.discountCode ? await checkDiscountCode(input.discountCode) : undefined;
  // A referral converts (the referrer's commission) even with a code; its discount applies only without one.
  const referral = input.referralCode ? await referralForPayer(payerId, input.referralCode) : undefined;
  // The service as sold now: a stored, offered one (a retired or unknown id is refused); the payment keeps
  // its name, price and credits, so a later edit of the service changes no payment already made.
  const service = serviceToSell((await getBusinessSettings()).services, input.serviceType);
  const quote = quotePrice({
    service,
    discount,
    ...(referral ? { referralPercentage: referral.discountPercentage } : {}),
  });
  const id = randomUUID();
  const payment = {
    id,
    profileId: payerId,
    serviceType: service.id,
    serviceName: service.name,
    credits: service.credits,
    priceCents: quote.priceCents,
    discountCents: quote.discountCents,
    amountCents: quote.totalCents,
    currency: CURRENCY,
    ...(discount ? { discountCodeId: discount.id, discountCode: discount.code } : {}),
    ...(referral
      ? { referralId: referral.referralId, referralCode: referral.code, referrerId: referral.referrerId }
      : {}),
    status: 'pending' as const,
  };
  for (let attempt = 1; ; attempt++) {
    const { canceled, codes } = await writeTransaction((e) => [
      e.payment.create(payment).commit(),
      ...(discount ? [holdDiscountUse(e, discount.id)] : []),
    ]);
    if (!canceled) break;
    if (discount && codes[1] === 'TransactionConflict' && attempt < HOLD_ATTEMPTS) {
      await new Promise((r) => setTimeout(r, 20 * attempt + Math.random() * 30));
      continue;
    }
    throw discount ? await holdRefusal(discount.code) : new Error(`payment ${id} was not written: ${codes.join()}`);
  }

  const successUrl = `${links.origin}/payment/success?payment=${id}`;
  if (quote.totalCents === 0) {
    // Nothing to charge (a discount covers the price): no provider checkout, the payment is complete now.
    await closePayment(id, 'paid');
    return { paymentId: id, url: successUrl };
  }
  const query = new URLSearchParams({
    service: input.serviceType,
    ...(discount ? { discount: discount.code } : {}),
    ...(referral ? { referral: referral.code } : {}),
  });
  let session: CheckoutSession;
  try {
    session = await stripeClient(keys.secretKey).checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: id,
        metadata: { paymentId: id },
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: CURRENCY,
              unit_amount: quote.totalCents,
              product_data: { name: service.name },
            },
          },
        ],
        success_url: successUrl,
        cancel_url: `${links.origin}/payment?${query}&cancelled=${id}`,
      },
      { idempotencyKey: `checkout-${id}` },
    );
  } catch (e) {
    await closePayment(id, 'failed');
    throw Object.assign(setupFailed(), { cause: e });
  }
  if (!session.url) {
    await closePayment(id, 'failed');
    throw setupFailed();
  }
  await store().entities.payment.patch({ id }).set({ checkoutId: session.id }).go();
  return { paymentId: id, url: session.url };
}

/** What a verified provider event did. */
export interface ProviderEventOutcome {
  type: string;
  checkoutId?: string;
  paymentId?: string;
  change: PaymentChange | 'ignored';
}

/**
 * Verifies a webhook delivery's signature on its raw body (the SDK's constructEvent, the body exactly as
 * delivered) and applies it. A bad signature is a 400 and changes nothing.
 */
export async function applyProviderEvent(
  rawBody: Buffer,
  signature: string | undefined,
): Promise<ProviderEventOutcome> {
  // The provider always signs: an unsigned delivery is refused before any key is read.
  if (!signature) throw new AppError('VALIDATION', 'Invalid signature');
  const keys = await paymentKeys();
  if (!keys) throw setupFailed();
  let event: StripeEvent;
  try {
    event = stripeClient(keys.secretKey).webhooks.constructEvent(rawBody, signature ?? '', keys.webhookSecret);
  } catch {
    throw new AppError('VALIDATION', 'Invalid signature');
  }
  const session = event.data.object as Partial<CheckoutSession>;
  const paymentId = typeof session.client_reference_id === 'string' ? session.client_reference_id : undefined;
  const base = { type: event.type, checkoutId: session.id, paymentId };
  const close = async (to: 'paid' | 'expired' | 'failed') =>
    paymentId ? closePayment(paymentId, to, session.id) : ('unknown' as const);
  switch (event.type) {
    case 'checkout.session.completed':
      // Delayed methods complete the session unpaid and settle with async_payment_succeeded.
      return { ...base, change: session.payment_status === 'paid' ? await close('paid') : 'ignored' };
    case 'checkout.session.async_payment_succeeded':
      return { ...base, change: await close('paid') };
    case 'checkout.session.expired':
      return { ...base, change: await close('expired') };
    case 'checkout.session.async_payment_failed':
      return { ...base, change: await close('failed') };
    default:
      return { ...base, change: 'ignored' };
  }
}

/**
 * The payer left the hosted checkout (Cancel): the checkout is expired at the provider and the payment
 * closed, giving a held discount use back. A payment already closed is returned as it is.
 */
export async function cancelMyPayment(payerId: string, id: string): Promise<Payment> {
  const p = await getStoredPayment(id);
  if (!p || p.profileId !== payerId) throw new AppError('NOT_FOUND', 'Payment not found');
  if (p.status === 'pending' && p.checkoutId) {
    const keys = await paymentKeys();
    if (!keys) throw setupFailed();
    const stripe = stripeClient(keys.secretKey);
    let status: CheckoutSession['status'];
    try {
      const session = await stripe.checkout.sessions.retrieve(p.checkoutId);
      status = session.status;
      if (status === 'open') await stripe.checkout.sessions.expire(p.checkoutId);
    } catch (e) {
      // A checkout the provider no longer knows cannot be paid: close the payment all the same.
      if ((e as { statusCode?: number }).statusCode !== 404) throw Object.assign(setupFailed(), { cause: e });
      status = 'expired';
    }
    // The expired event closes it too; closing here makes the answer exact whichever comes first.
    if (status !== 'complete') await closePayment(id, 'expired');
  }
  return getMyPayment(payerId, id);
}
