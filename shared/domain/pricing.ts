import {
  DEFAULT_REFERRAL_PERCENTAGE,
  type DiscountDisplayStatus,
  type DiscountType,
  PAYMENT_TEXTS,
  type Service,
} from '../contracts/payment-options.js';

/**
 * SPEC 9 pricing, the one implementation: the payment screen shows it and the server charges it, so the
 * summary a client reads is the amount Checkout asks for. Pure (no I/O); the web imports it.
 */

export interface DiscountTerms {
  discountType: DiscountType;
  discountValue: number;
}

export interface PriceInput {
  /** The service as sold now (Settings → Business): its id and price in dollars. */
  service: Pick<Service, 'id' | 'price'>;
  /** An applied discount code's terms. */
  discount?: DiscountTerms;
  /** A referral's percentage (`null` when the referral carries none: 10 applies); ignored when a code is applied. */
  referralPercentage?: number | null;
}

export interface PriceQuote {
  /** The service's id. */
  service: string;
  /** Cents: the service's price, the amount taken off, what is charged. */
  priceCents: number;
  discountCents: number;
  totalCents: number;
  /** What the discount comes from. */
  discountSource: 'code' | 'referral' | null;
}

/** Cents from dollars, rounded to the cent (a discount value has at most two decimals). */
const cents = (dollars: number) => Math.round(dollars * 100);

/**
 * The price of a service with at most one discount: a code's percentage (price minus price times value
 * over 100) or fixed amount (price minus value, floored at 0); without a code, a referral's percentage
 * (10 when the referral has none). The total is never below 0 and is rounded to the cent.
 */
export function quotePrice(input: PriceInput): PriceQuote {
  const priceCents = cents(input.service.price);
  let totalCents = priceCents;
  let discountSource: PriceQuote['discountSource'] = null;
  if (input.discount) {
    discountSource = 'code';
    const { discountType, discountValue } = input.discount;
    totalCents =
      discountType === 'percentage'
        ? Math.round(priceCents - (priceCents * cents(discountValue)) / 10_000)
        : priceCents - cents(discountValue);
  } else if (input.referralPercentage !== undefined) {
    discountSource = 'referral';
    const percentage = input.referralPercentage ?? DEFAULT_REFERRAL_PERCENTAGE;
    totalCents = Math.round(priceCents - (priceCents * cents(percentage)) / 10_000);
  }
  totalCents = Math.max(0, totalCents);
  return { service: input.service.id, priceCents, discountCents: priceCents - totalCents, totalCents, discountSource };
}

/** Dollars for display: `$63.75` (cents always shown). */
export function formatDollars(amountCents: number): string {
  return `$${(amountCents / 100).toFixed(2)}`;
}

/** The parts of a discount code the status rules read. */
export interface DiscountState {
  isActive: boolean;
  expiresAt?: string;
  usageLimit?: number;
  timesUsed: number;
}

const isExpired = (d: Pick<DiscountState, 'expiresAt'>, now: Date) =>
  d.expiresAt !== undefined && Date.parse(d.expiresAt) <= now.getTime();

/** SPEC 4: Inactive if not active; else Expired if past expiry; else Limit Reached if used up; else Active. */
export function discountDisplayStatus(d: DiscountState, now: Date = new Date()): DiscountDisplayStatus {
  if (!d.isActive) return 'Inactive';
  if (isExpired(d, now)) return 'Expired';
  if (d.usageLimit !== undefined && d.timesUsed >= d.usageLimit) return 'Limit Reached';
  return 'Active';
}

/**
 * SPEC 5: why a code cannot be used at payment (the spec's text), or undefined when it can. `used`
 * counts the uses already taken, including those held by open checkouts.
 */
export function discountProblem(
  d: DiscountState | undefined,
  now: Date = new Date(),
  used: number = d?.timesUsed ?? 0,
): string | undefined {
  if (!d?.isActive) return PAYMENT_TEXTS.invalidCode;
  if (isExpired(d, now)) return PAYMENT_TEXTS.expired;
  if (d.usageLimit !== undefined && used >= d.usageLimit) return PAYMENT_TEXTS.limitReached;
  return undefined;
}
