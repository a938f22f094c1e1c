/**
 * Constants, texts and response shapes of payments and discount codes, with no runtime dependency (the
 * web imports them without zod). Request schemas live in payments.ts; the rules in shared/domain/pricing.ts.
 */

/** SPEC 9: the ids of the built-in services (what Settings → Business starts from). */
export const SERVICE_TYPES = ['evaluation', 'single_session', 'package_4', 'package_8', 'intensive'] as const;
export type BuiltinServiceId = (typeof SERVICE_TYPES)[number];
/** A service's id: a built-in one or one the trainer added (lower-case letters, digits and `-`/`_`). */
export type ServiceType = string;

/** A service the business sells (Settings → Business; docs/decisions/0038-services-in-settings.md). */
export interface Service {
  id: ServiceType;
  name: string;
  description: string;
  /** US dollars (cents allowed); 0 is a free service, completed without a checkout. */
  price: number;
  /** Session credits a paid one gives. */
  credits: number;
  /** No longer offered (kept for the payments made for it and the trainer's filters). */
  retired: boolean;
}

/**
 * SPEC 9 "Payment services" with the credits of ADR 0026, as the defaults before the trainer saves any.
 * The Initial Evaluation is free (ADR 0038): the public site and the spec's contact texts promise a free
 * evaluation, which SPEC 9's $75 contradicts.
 */
export const SERVICES: Record<BuiltinServiceId, Service> = {
  evaluation: {
    id: 'evaluation',
    name: 'Initial Evaluation',
    price: 0,
    description: 'Comprehensive behavioral assessment',
    credits: 0,
    retired: false,
  },
  single_session: {
    id: 'single_session',
    name: 'Single Training Session',
    price: 100,
    description: 'One 60-minute training session',
    credits: 1,
    retired: false,
  },
  package_4: {
    id: 'package_4',
    name: '4-Session Package',
    price: 350,
    description: 'Four training sessions',
    credits: 4,
    retired: false,
  },
  package_8: {
    id: 'package_8',
    name: '8-Session Package',
    price: 640,
    description: 'Eight training sessions',
    credits: 8,
    retired: false,
  },
  intensive: {
    id: 'intensive',
    name: 'Intensive Program',
    price: 1200,
    description: 'Two-week training program',
    credits: 0,
    retired: false,
  },
};

/** A service as the trainer saves it: a new one has no id yet (the server makes one from its name). */
export type ServiceChange = Omit<Service, 'id'> & { id?: string };

/** GET /api/services: the services a client can pay for now (none retired), in the trainer's order. */
export interface OfferedServices {
  services: Service[];
}

/** The longest service id. */
export const SERVICE_ID_MAX = 40;
/** The most services the business may have (offered and retired). */
export const SERVICES_MAX = 50;
export const SERVICE_NAME_MAX = 80;
export const SERVICE_DESCRIPTION_MAX = 300;
/** The highest price of one service, in dollars. */
export const SERVICE_PRICE_MAX = 100_000;

export const SERVICE_TEXTS = {
  nameRequired: 'Service name is required',
  nameTooLong: `Service name must be at most ${SERVICE_NAME_MAX} characters`,
  nameTaken: 'Another service already has this name',
  descriptionTooLong: `Service description must be at most ${SERVICE_DESCRIPTION_MAX} characters`,
  priceInvalid: `Price must be a number from 0 to ${SERVICE_PRICE_MAX} in steps of 0.01`,
  tooMany: `At most ${SERVICES_MAX} services`,
  noneOffered: 'At least one service must be offered',
  removed: 'A service cannot be removed; retire it instead',
  unknown: 'This service does not exist',
  retired: 'This service is no longer offered',
} as const;

/** What a payment is for, as shown: the name it was bought under, else the built-in name, else its id. */
export function serviceLabel(p: { serviceType: ServiceType; serviceName?: string }): string {
  return p.serviceName ?? SERVICES[p.serviceType as BuiltinServiceId]?.name ?? p.serviceType;
}

export const CURRENCY = 'usd' as const;

/** SPEC 3 discount_codes.discount_type. */
export const DISCOUNT_TYPES = ['percentage', 'fixed_amount'] as const;
export type DiscountType = (typeof DISCOUNT_TYPES)[number];

/** SPEC 4: the discount's status as the list shows it, in the order the rules are checked. */
export const DISCOUNT_DISPLAY_STATUSES = ['Inactive', 'Expired', 'Limit Reached', 'Active'] as const;
export type DiscountDisplayStatus = (typeof DISCOUNT_DISPLAY_STATUSES)[number];

/** SPEC 9: the friend's discount when a referral carries none. */
export const DEFAULT_REFERRAL_PERCENTAGE = 10;

/** SPEC 8 Payment texts the server answers with. */
export const PAYMENT_TEXTS = {
  invalidCode: 'Invalid discount code',
  expired: 'Discount code has expired',
  limitReached: 'Discount code has reached its usage limit',
  setupFailed: 'Payment setup failed. Please try again.',
} as const;

/** SPEC 8: a discount code that is already taken (the server's conflict message). */
export const DUPLICATE_DISCOUNT_CODE = 'A discount code with this name already exists';

/** A discount code as the API returns it. */
export interface DiscountCode {
  id: string;
  code: string;
  discountType: DiscountType;
  discountValue: number;
  isActive: boolean;
  /** ISO instant, or absent when the code never expires. */
  expiresAt?: string;
  /** Absent when the code may be used without limit. */
  usageLimit?: number;
  /** Completed payments that used the code. */
  timesUsed: number;
  createdBy: string;
  createdAt: string;
}

/** A discount code in the trainer's list: with its creator's e-mail (SPEC 7). */
export interface DiscountCodeListItem extends DiscountCode {
  creatorEmail?: string;
  /**
   * Uses held by checkouts still open (not paid yet, apart from `timesUsed`): each counts against the
   * usage limit until its checkout is paid, cancelled or expires (30 minutes).
   */
  heldUses: number;
}

/** What the payment screen learns from Apply: the code's terms, checked now by the server. */
export interface DiscountCheck {
  code: string;
  discountType: DiscountType;
  discountValue: number;
}

export const PAYMENT_STATUSES = ['pending', 'paid', 'expired', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** A payment as its payer (and the trainer) see it. */
export interface Payment {
  id: string;
  profileId: string;
  serviceType: ServiceType;
  /** The service's name when the payment was made (absent on payments made before services were editable). */
  serviceName?: string;
  /** Session credits the payment gives when paid, fixed when it was made (absent on older payments). */
  credits?: number;
  /** A priced class's seat the payment pays for, and the dog it enrols (serviceType `class`). */
  classId?: string;
  dogId?: string;
  /** Cents, as charged. */
  amountCents: number;
  currency: typeof CURRENCY;
  discountCode?: string;
  /** The referral code the payer used (the friend's discount applies when no discount code is). */
  referralCode?: string;
  discountCents: number;
  status: PaymentStatus;
  createdAt: string;
  paidAt?: string;
}

/** A payment in the trainer's list: with its payer's name and e-mail (absent when the client is gone). */
export interface PaymentListItem extends Payment {
  clientName?: string;
  clientEmail?: string;
}

/** The paid amount of one month (`YYYY-MM` in the business's time zone, by the time each payment was paid). */
export interface MonthTotal {
  month: string;
  paidCents: number;
  paidCount: number;
}

/** GET /api/payments/totals answer: newest month first. */
export interface PaymentTotals {
  months: MonthTotal[];
}

/** GET /api/integrations/payments answer: whether this deployment can take payments (never a key). */
export interface PaymentsSetup {
  configured: boolean;
}

/**
 * A realtime notice: a payment was paid. Admins' tabs get it (list refresh, toast) and so do the payer's
 * (the return page turns paid).
 */
export interface PaymentPaidNotice {
  type: 'payment.paid';
  payment: Payment;
  /** The payer's name, for the trainer's toast. */
  clientName?: string;
}

/** Event detail of `PaymentPaid` (shared/routes.ts events), written to the outbox when a payment is paid. */
export interface PaymentPaidDetail {
  paymentId: string;
  profileId: string;
}

/** POST /api/payments/checkout answer: where the browser goes to pay. */
export interface CheckoutCreated {
  paymentId: string;
  url: string;
}
