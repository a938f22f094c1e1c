import * as z from '../zod.js';
import { REFERRAL_TEXTS } from './referral-options.js';

export * from './referral-options.js';

/** Request schemas of referrals; unknown fields are refused (strict objects). */

/** A referral code: the referrer's first name upper-cased plus three digits (letters and digits only). */
const referralCodeText = z
  .string({ error: 'Referral code is required' })
  .check(
    z.trim(),
    z.minLength(1, 'Referral code is required'),
    z.maxLength(32, 'Referral code must be at most 32 characters'),
    z.regex(/^[A-Za-z0-9]+$/, 'Referral code may contain only letters and digits'),
  );

/** POST /api/me/referrals: the friend's e-mail (SPEC 5: required). */
export const sendReferralRequest = z.strictObject({
  email: z.pipe(
    z
      .string({ error: REFERRAL_TEXTS.emailRequired })
      .check(
        z.trim(),
        z.minLength(1, REFERRAL_TEXTS.emailRequired),
        z.maxLength(254, 'Email must be at most 254 characters'),
      ),
    z.email('Please enter a valid email address'),
  ),
});

/** GET /api/payments/referral?code=: whether the payer may use a referral code. */
export const checkReferralQuery = z.strictObject({ code: referralCodeText });

/** POST /api/public/referrals/click: the payment page was opened from a referral link. */
export const referralClickRequest = z.strictObject({
  code: referralCodeText,
  referralId: z.optional(z.string().check(z.minLength(1), z.maxLength(100))),
});

/** The code a checkout carries (the payment screen's referral box). */
export const checkoutReferralCode = z.optional(z.nullable(referralCodeText));
