/**
 * Constants, texts and response shapes of referrals, with no runtime dependency (the web imports them
 * without zod). Request schemas live in referrals.ts; the rules in shared/domain/referrals.ts.
 */

/** SPEC 3 referrals.status: sent (written), clicked (the link was opened), converted (the friend paid). */
export const REFERRAL_STATUSES = ['sent', 'clicked', 'converted'] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** SPEC 9: the referrer's commission on a booking, in US dollars. */
export const REFERRAL_COMMISSION = 30;

/** SPEC 8 Referrals texts. */
export const REFERRAL_TEXTS = {
  loadFailed: 'Failed to load referral information',
  generateFailed: 'Failed to generate referral code',
  sent: 'Referral sent successfully!',
  sendFailed: 'Failed to send referral',
  copied: 'Referral code copied to clipboard!',
  copyFailed: 'Failed to copy referral code.',
  /** SPEC 5: the referred person's e-mail is required. */
  emailRequired: 'Please enter an email address',
} as const;

/** SPEC 8 Payment texts of a referral code. */
export const REFERRAL_PAYMENT_TEXTS = {
  invalid: 'Invalid referral code',
  applied: "Referral code applied! You'll receive a discount.",
  /** The payer's one referral discount is held by another checkout of theirs that is still open. */
  held: 'Your referral discount is held by a checkout you opened. Cancel or finish it, or try again once it expires (30 minutes).',
} as const;

/** One referral sent by e-mail, as its referrer sees it in the history. */
export interface Referral {
  id: string;
  referralCode: string;
  referredEmail: string;
  status: ReferralStatus;
  /** US dollars; present once converted. */
  commissionAmount?: number;
  discountPercentage: number;
  createdAt: string;
  convertedAt?: string;
}

/** GET /api/me/referrals: the caller's code (made on the first visit) and the referrals sent with it. */
export interface MyReferrals {
  code: string;
  referrals: Referral[];
}

/** GET /api/payments/referral?code=: a code the payer may use, and the friend's percentage off. */
export interface ReferralCheck {
  code: string;
  discountPercentage: number;
}

/**
 * Detail of the ReferralSent event (SPEC 7 send-referral-email). Ids only, like every outbox detail: the
 * handler reads the referral (the friend's e-mail, the code) and the referrer when it sends.
 */
export interface ReferralSentDetail {
  referralId: string;
  /** The site's origin, for the link to the payment page with the code. */
  siteUrl: string;
}

/** What the referral e-mail says: who referred the friend, the code and where to start. */
export interface ReferralEmailFacts {
  referrerName: string;
  referrerEmail: string;
  referralCode: string;
  /** Where the friend starts: the payment page with the code (and the referral, to count the click). */
  link: string;
}
