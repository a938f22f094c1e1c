import * as z from '../zod.js';
import { CLASS_TEXTS } from './class-options.js';
import { cursorParam, limitParam } from './pagination.js';
import { DISCOUNT_TYPES, PAYMENT_STATUSES, SERVICE_ID_MAX } from './payment-options.js';
import { checkoutReferralCode } from './referrals.js';

export * from './payment-options.js';

/**
 * Request schemas of payments and discount codes. Unknown fields are refused (strict objects), except
 * the amount a payment screen may send: it is accepted and ignored, the server computes the amount.
 */

/** A service's id: lower-case letters, digits, `-` and `_` (the built-in ones and those the server makes). */
export const serviceIdField = z
  .string({ error: 'Service id must be text' })
  .check(
    z.minLength(1, 'Service id is required'),
    z.maxLength(SERVICE_ID_MAX, `Service id must be at most ${SERVICE_ID_MAX} characters`),
    z.regex(/^[a-z0-9][a-z0-9_-]*$/, 'Service id may contain only lower-case letters, digits, - and _'),
  );

/** SPEC 5: letters and digits (the generator makes 8 upper-case ones); stored upper-cased. */
export const MAX_CODE_LENGTH = 32;
const codeText = z
  .string({ error: 'Code is required' })
  .check(
    z.trim(),
    z.minLength(1, 'Code is required'),
    z.maxLength(MAX_CODE_LENGTH, `Code must be at most ${MAX_CODE_LENGTH} characters`),
    z.regex(/^[A-Za-z0-9_-]+$/, 'Code may contain only letters, digits, - and _'),
  );

/** The largest discount value accepted (dollars or percent). */
export const MAX_DISCOUNT_VALUE = 100_000;

/** Whole cents (SPEC 5: step 0.01), checked on the value times 100 so 0.07 is not refused by float error. */
const inCents = (v: number) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;

/** POST /api/discount-codes (SPEC 5: code, type and value required; value >= 0 step 0.01; limit >= 1). */
export const discountCodeRequest = z.strictObject({
  code: codeText,
  discountType: z.enum(DISCOUNT_TYPES, { error: 'discountType must be percentage or fixed_amount' }),
  // Stored as exact cents: a value within float error of a cent (0.07, or 5e-324 for 0) is that cent.
  discountValue: z.pipe(
    z
      .number({ error: 'Discount value must be a number' })
      .check(
        z.gte(0, 'Discount value must be 0 or more'),
        z.lte(MAX_DISCOUNT_VALUE, `Discount value must be at most ${MAX_DISCOUNT_VALUE}`),
        z.refine(inCents, 'Discount value must be in steps of 0.01'),
      ),
    z.transform((v: number) => Math.round(v * 100) / 100),
  ),
  expiresAt: z.optional(
    z.nullable(z.iso.datetime({ offset: true, error: 'expiresAt must be a date and time (ISO 8601)' })),
  ),
  usageLimit: z.optional(
    z.nullable(
      z
        .number({ error: 'Usage limit must be a number' })
        .check(
          z.int('Usage limit must be a whole number'),
          z.gte(1, 'Usage limit must be at least 1'),
          z.lte(1_000_000, 'Usage limit must be at most 1000000'),
        ),
    ),
  ),
  isActive: z._default(z.boolean({ error: 'isActive must be true or false' }), true),
});
export type DiscountCodeRequest = z.infer<typeof discountCodeRequest>;

/** PATCH /api/discount-codes/{id}: activate or deactivate. */
export const discountCodeStatusRequest = z.strictObject({
  isActive: z.boolean({ error: 'isActive must be true or false' }),
});

export const discountCodePathParams = z.object({
  id: z.string().check(z.minLength(1, 'Discount code id is required'), z.maxLength(100)),
});

/** GET /api/discount-codes: newest first. */
export const listDiscountCodesQuery = z.strictObject({ cursor: cursorParam, limit: limitParam });

/** GET /api/payments/discount?code=: whether a code can be used now (the payment screen's Apply). */
export const checkDiscountQuery = z.strictObject({ code: codeText });

/** A class's or a dog's id in a checkout. */
const recordId = (label: string) =>
  z
    .string({ error: `${label} must be text` })
    .check(
      z.minLength(1, `${label} is required`),
      z.maxLength(100, `${label} is not valid`),
      z.regex(/^[A-Za-z0-9_-]+$/, `${label} is not valid`),
    );

/**
 * POST /api/payments/checkout: the service, or a priced class and the caller's dog to enrol in it
 * (docs/decisions/0076-paying-for-a-class.md), an optional discount code and an optional referral code;
 * any amount sent is ignored.
 */
const checkoutCommon = {
  discountCode: z.optional(z.nullable(codeText)),
  referralCode: checkoutReferralCode,
  amount: z.optional(z.unknown()),
};

export const checkoutRequest = z.union(
  [
    z.strictObject({
      /** A service's id (Settings → Business); the server refuses one that is unknown or retired. */
      serviceType: serviceIdField,
      ...checkoutCommon,
    }),
    z.strictObject({ classId: recordId('Class id'), dogId: recordId('Dog id'), ...checkoutCommon }),
  ],
  { error: CLASS_TEXTS.payChoice },
);
export type CheckoutRequest = z.infer<typeof checkoutRequest>;

/** GET /api/me/payments: the caller's payments, newest first. */
export const listMyPaymentsQuery = z.strictObject({ cursor: cursorParam, limit: limitParam });

/** POST /api/me/payments/{id}/cancel: no fields (an empty object or no body). */
export const cancelPaymentRequest = z.optional(z.strictObject({}));

export const paymentPathParams = z.object({
  id: z.string().check(z.minLength(1, 'Payment id is required'), z.maxLength(100)),
});

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const instant = (message: string) => z.iso.datetime({ offset: true, error: message });

/**
 * GET /api/payments (admin): every payment newest first, filtered by status, service, client, and a month
 * (`YYYY-MM`, the business's time zone) and/or a date range of creation (`from`/`to`, instants; with a
 * month, the part of the range inside it).
 */
export const listPaymentsQuery = z
  .strictObject({
    status: z.optional(z.enum(PAYMENT_STATUSES, { error: `status must be one of ${PAYMENT_STATUSES.join(', ')}` })),
    service: z.optional(serviceIdField),
    clientId: z.optional(z.string().check(z.minLength(1, 'clientId is required'), z.maxLength(100))),
    month: z.optional(z.string().check(z.regex(MONTH, 'month must be a month (YYYY-MM)'))),
    from: z.optional(instant('from must be a date and time with its offset (ISO 8601)')),
    to: z.optional(instant('to must be a date and time with its offset (ISO 8601)')),
    cursor: cursorParam,
    limit: limitParam,
  })
  .check(
    z.refine((q) => !q.from || !q.to || Date.parse(q.from) <= Date.parse(q.to), {
      message: 'from must not be after to',
      path: ['from'],
    }),
  );
export type ListPaymentsQuery = z.infer<typeof listPaymentsQuery>;

/** The most months GET /api/payments/totals answers at once. */
export const MAX_TOTAL_MONTHS = 36;

/** GET /api/payments/totals (admin): paid amount per month, the `months` latest up to this month. */
export const paymentTotalsQuery = z.strictObject({
  months: z.optional(
    z.coerce
      .number({ error: 'months must be a number' })
      .check(
        z.int('months must be a whole number'),
        z.gte(1, 'months must be at least 1'),
        z.lte(MAX_TOTAL_MONTHS, `months must be at most ${MAX_TOTAL_MONTHS}`),
      ),
  ),
});
