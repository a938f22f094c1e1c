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
import { Conflict, retryOnConflict } from '../retry.js';
import { classToSell } from './class-checkout.js';
import { checkDiscountCode, holdDiscountUse, holdRefusal } from './discount-codes.js';
import { closePayment, getMyPayment, getStoredPayment, type PaymentChange } from './payment-records.js';
import { quotePrice } from './pricing.js';
import { holdReferralUse, referralForPayer, referralHeldRefusal } from './referrals.js';
import { serviceToSell } from './services.js';
import { getBusinessSettings } from './settings.js';

/**
 * A client's payment: the server prices the service (shared/domain/pricing.ts; an amount the browser
 * sends is never read), records it `pending` while holding the discount's use and the payer's referral
 * discount in the same transaction, and opens a hosted Checkout Session for exactly that amount, open for
 * 30 minutes. The provider's signed webhook then marks it paid (counting the discount's use) or expired
 * (giving the holds back), once however often it arrives.
 */

const setupFailed = () => new AppError('UNAVAILABLE', PAYMENT_TEXTS.setupFailed);

/** Tries of the payment's write when a concurrent checkout of the same code conflicts with it. */
const HOLD_RETRY = { attempts: 4, firstDelayMs: 20 };

/**
 * How long a checkout stays open: 30 minutes, the shortest the provider accepts (`expires_at` between 30
 * minutes and 24 hours after creation), plus a minute so the request's travel time and clock skew cannot
 * bring it under the minimum. An abandoned checkout's holds come back on its expiry event.
 */
const CHECKOUT_LIFETIME_SECONDS = 31 * 60;

const checkoutExpiresAt = (now = Date.now()) => Math.floor(now / 1000) + CHECKOUT_LIFETIME_SECONDS;

type NewPayment = Parameters<ReturnType<typeof store>['entities']['payment']['create']>[0];

/**
 * Writes the pending payment with what it holds, in one transaction: a use of its discount code (only
 * while the code is usable) and the payer's one referral discount (only while no other checkout of
 * theirs holds it). A refused hold writes nothing and is answered with its reason.
 */
async function writeHeldPayment(
  payment: NewPayment & { id: string },
  discount: { id: string; code: string } | undefined,
  referralPayerId: string | undefined,
): Promise<void> {
  return retryOnConflict(async () => {
    const { canceled, codes } = await writeTransaction((e) => [
      e.payment.create(payment).commit(),
      ...(discount ? [holdDiscountUse(e, discount.id)] : []),
      ...(referralPayerId ? [holdReferralUse(e, referralPayerId, payment.id)] : []),
    ]);
    if (!canceled) return;
    const failed = (i: number) => codes[i] === 'ConditionalCheckFailed';
    const discountAt = discount ? 1 : -1;
    const referralAt = referralPayerId ? (discount ? 2 : 1) : -1;
    if (discount && failed(discountAt)) throw await holdRefusal(discount.code);
    if (failed(referralAt)) throw referralHeldRefusal();
    const refusal = discount
      ? await holdRefusal(discount.code)
      : new Error(`payment ${payment.id} was not written: ${codes.join()}`);
    // Only another transaction on the same items (no guard failed): again after a pause.
    throw !codes.includes('ConditionalCheckFailed') && codes.includes('TransactionConflict')
      ? new Conflict(refusal)
      : refusal;
  }, HOLD_RETRY);
}

export interface CheckoutLinks {
  /** The site's origin: where the provider sends the payer back. */
  origin: string;
}

export async function startCheckout(
  payerId: string,
  input: CheckoutRequest,
  links: CheckoutLinks,
): Promise<CheckoutCreated> {
  // A priced class's seat for one of the payer's dogs (checked as its enrolment would be), or the service
  // as sold now: a stored, offered one (a retired or unknown id is refused); the payment keeps its name,
  // price and credits, so a later edit of the service or the class changes no payment already made.
  const sale = 'classId' in input ? await classToSell(payerId, input.classId, input.dogId) : undefined;
  const discount = input.discountCode ? await checkDiscountCode(input.discountCode) : undefined;
  const service =
    sale?.service ??
    serviceToSell((await getBusinessSettings()).services, 'serviceType' in input ? input.serviceType : '');
  // A referral converts (the referrer's commission) even with a code; its discount applies only without one.
  // A free service takes no referral: it would use the friend's one discount and pay a commission on nothing.
  const referral =
    input.referralCode && service.price > 0 ? await referralForPayer(payerId, input.referralCode) : undefined;
  const quote = quotePrice({
    service,
    discount,
    ...(referral ? { referralPercentage: referral.discountPercentage } : {}),
  });
  // Only an amount to charge needs the provider: a free order completes without keys.
  const keys = quote.totalCents > 0 ? await paymentKeys() : undefined;
  if (quote.totalCents > 0 && !keys) throw setupFailed();
  const id = randomUUID();
  const payment = {
    id,
    profileId: payerId,
    serviceType: service.id,
    serviceName: service.name,
    credits: service.credits,
    ...(sale ? { classId: sale.classId, dogId: sale.dogId } : {}),
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
  await writeHeldPayment(payment, discount, referral ? payerId : undefined);

  const successUrl = `${links.origin}/payment/success?payment=${id}`;
  if (quote.totalCents === 0) {
    // Nothing to charge (a discount covers the price): no provider checkout, the payment is complete now.
    await closePayment(id, 'paid');
    return { paymentId: id, url: successUrl };
  }
  const query = new URLSearchParams({
    ...(sale ? { class: sale.classId, dog: sale.dogId } : { service: service.id }),
    ...(discount ? { discount: discount.code } : {}),
    ...(referral ? { referral: referral.code } : {}),
  });
  if (!keys) throw setupFailed();
  let session: CheckoutSession;
  try {
    session = await stripeClient(keys.secretKey).checkout.sessions.create(
      {
        mode: 'payment',
        client_reference_id: id,
        // The shortest life the provider allows: an abandoned checkout gives its holds back soon.
        expires_at: checkoutExpiresAt(),
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
 * closed, giving its held discount use and referral back. Idempotent: a payment already closed, or
 * closed by a concurrent cancel or the expiry event meanwhile, is returned as it is now.
 */
export async function cancelMyPayment(payerId: string, id: string): Promise<Payment> {
  const p = await getStoredPayment(id);
  if (!p || p.profileId !== payerId) throw new AppError('NOT_FOUND', 'Payment not found');
  if (p.status === 'pending' && p.checkoutId) {
    const status = await expireCheckout(p.checkoutId);
    // The expired event closes it too; closing here makes the answer exact whichever comes first.
    if (status !== 'complete') await closePayment(id, 'expired');
  }
  return getMyPayment(payerId, id);
}

/**
 * Expires an open checkout at the provider and answers its status then. A checkout that is no longer
 * open (expired by a concurrent cancel or by its time, or paid) is left as it is; one the provider no
 * longer knows cannot be paid and counts as expired.
 */
async function expireCheckout(checkoutId: string): Promise<CheckoutSession['status']> {
  const keys = await paymentKeys();
  if (!keys) throw setupFailed();
  const sessions = stripeClient(keys.secretKey).checkout.sessions;
  try {
    const session = await sessions.retrieve(checkoutId);
    if (session.status !== 'open') return session.status;
    try {
      return (await sessions.expire(checkoutId)).status;
    } catch (e) {
      // Refused because it stopped being open meanwhile (another cancel expired it, or it was paid).
      const now = await sessions.retrieve(checkoutId);
      if (now.status === 'open') throw e;
      return now.status;
    }
  } catch (e) {
    if ((e as { statusCode?: number }).statusCode === 404) return 'expired';
    throw Object.assign(setupFailed(), { cause: e });
  }
}
