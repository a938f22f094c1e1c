import { randomInt, randomUUID } from 'node:crypto';
import { DEFAULT_REFERRAL_PERCENTAGE } from '../contracts/payment-options.js';
import {
  type MyReferrals,
  REFERRAL_COMMISSION,
  REFERRAL_PAYMENT_TEXTS,
  REFERRAL_TEXTS,
  type Referral,
  type ReferralCheck,
  type ReferralEmailFacts,
  type ReferralSentDetail,
} from '../contracts/referrals.js';
import { isConditionFailure, store, type TxEntities, type TxItem, writeTransaction } from '../db/service.js';
import { AppError } from '../errors.js';
import { outboxItem } from './outbox.js';
import { hitRateLimit } from './rate-limits.js';

/**
 * SPEC 3/5/9 referrals: a client's code (made on the first visit of /referrals), the referrals they send
 * by e-mail (the row and its ReferralSent event in one transaction), the code's check at payment (the
 * friend's 10% off their first service), the link's click, and the conversion written in the
 * transaction that closes the friend's first payment as paid.
 */

const CODE_KIND = 'referralCode';
const OWNER_KIND = 'referralOwner';
/**
 * The payer's one referral discount: a `unique` item named by the payer and owned by the payment that
 * holds it. A checkout takes it in the payment's own transaction (refused while another holds it), an
 * expired or failed checkout gives it back, and a paid one keeps it for good: one referral discount and
 * one conversion per friend.
 */
const HOLD_KIND = 'referralUse';

/** Attempts at a free code before giving up (1,000 codes per first name). */
export const CODE_ATTEMPTS = 25;

/** Referrals a client may send per hour (each one is an e-mail to an address they choose). */
export const SENDS_PER_HOUR = 20;

interface StoredReferral {
  id: string;
  referrerId: string;
  referralCode: string;
  referredEmail?: string;
  status: Referral['status'];
  commissionAmount?: number;
  discountPercentage: number;
  paymentId?: string;
  convertedAt?: string;
  createdAt: string;
}

const toReferral = (r: StoredReferral): Referral => ({
  id: r.id,
  referralCode: r.referralCode,
  referredEmail: r.referredEmail ?? '',
  status: r.status,
  ...(r.commissionAmount !== undefined ? { commissionAmount: r.commissionAmount } : {}),
  discountPercentage: r.discountPercentage,
  createdAt: r.createdAt,
  ...(r.convertedAt ? { convertedAt: r.convertedAt } : {}),
});

/**
 * SPEC 9: the first name upper-cased (letters and digits only, accents dropped; USER when nothing is
 * left) plus a three-digit number.
 */
export function referralCodeFor(firstName: string | undefined, digits: number = randomInt(0, 1000)): string {
  const name = (firstName ?? '')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, 20);
  return `${name || 'USER'}${String(digits).padStart(3, '0')}`;
}

const normalizeReferralCode = (code: string) => code.trim().toUpperCase();

async function ownCode(profileId: string): Promise<string | undefined> {
  const { data } = await store().entities.unique.get({ kind: OWNER_KIND, value: profileId }).go({ consistent: true });
  return data?.ownerId;
}

/**
 * The client's code, made now when they have none: the code's row (status `sent`, no e-mail), the code's
 * unique item and the client's one-code item in one transaction. A code taken by someone else is tried
 * again with other digits; a code made meanwhile by another request of the same client is the answer.
 */
export async function ensureReferralCode(
  profile: { id: string; firstName?: string },
  nextDigits: () => number = () => randomInt(0, 1000),
): Promise<string> {
  const existing = await ownCode(profile.id);
  if (existing) return existing;
  for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
    const code = referralCodeFor(profile.firstName, nextDigits());
    const { canceled, codes } = await writeTransaction((e) => [
      e.referral
        .create({ referrerId: profile.id, referralCode: code, status: 'sent', discountPercentage: 10 })
        .commit(),
      e.unique.create({ kind: CODE_KIND, value: code, ownerId: profile.id }).commit(),
      e.unique.create({ kind: OWNER_KIND, value: profile.id, ownerId: code }).commit(),
    ]);
    if (!canceled) return code;
    if (codes[2] === 'ConditionalCheckFailed') {
      const made = await ownCode(profile.id);
      if (made) return made;
    }
  }
  throw new AppError('UNAVAILABLE', REFERRAL_TEXTS.generateFailed);
}

export async function referrerRows(referrerId: string): Promise<StoredReferral[]> {
  const { data } = await store().entities.referral.query.byReferrer({ referrerId }).go({ order: 'desc', pages: 'all' });
  return data as StoredReferral[];
}

/** /referrals: the caller's code (made on the first visit) and the referrals sent by e-mail, newest first. */
export async function getMyReferrals(profile: { id: string; firstName?: string }): Promise<MyReferrals> {
  const code = await ensureReferralCode(profile);
  const rows = await referrerRows(profile.id);
  return { code, referrals: rows.filter((r) => r.referredEmail).map(toReferral) };
}

/**
 * What the referral e-mail needs, read when it is sent (the event carries ids only): the friend's address
 * and the facts of the message, or undefined when the referral or its referrer is gone (a deletion).
 */
export async function referralEmailFacts(
  detail: ReferralSentDetail,
): Promise<{ to: string; facts: ReferralEmailFacts } | undefined> {
  const { data } = await store().entities.referral.get({ id: detail.referralId }).go({ consistent: true });
  const referral = data as StoredReferral | null;
  if (!referral?.referredEmail) return undefined;
  const { data: referrer } = await store().entities.profile.get({ id: referral.referrerId }).go();
  if (!referrer) return undefined;
  const query = new URLSearchParams({ referral: referral.referralCode, referral_id: referral.id });
  return {
    to: referral.referredEmail,
    facts: {
      referrerName: [referrer.firstName, referrer.lastName].filter(Boolean).join(' ') || referrer.email,
      referrerEmail: referrer.email,
      referralCode: referral.referralCode,
      link: `${detail.siteUrl}/payment?${query}`,
    },
  };
}

/** The rate-limit key of a client's referral sends (its counters go with the client's full deletion). */
export const referralSendLimitKey = (referrerId: string) => `referral#${referrerId}`;

/**
 * Send a Referral (SPEC 5: the code exists with status sent, an e-mail is given): the referral row and
 * its ReferralSent event (send-referral-email) are one transaction, so the e-mail goes out exactly for
 * the referrals written.
 */
export async function sendReferral(
  referrer: { id: string; firstName?: string; lastName?: string; email: string },
  email: string,
  origin: string,
): Promise<Referral> {
  const referredEmail = email.trim().toLowerCase();
  if (!referredEmail) throw new AppError('VALIDATION', REFERRAL_TEXTS.emailRequired);
  await hitRateLimit(referralSendLimitKey(referrer.id), SENDS_PER_HOUR, 3600);
  const code = await ensureReferralCode(referrer);
  const id = randomUUID();
  const detail: ReferralSentDetail = { referralId: id, siteUrl: origin };
  await writeTransaction((e) => [
    e.referral
      .create({
        id,
        referrerId: referrer.id,
        referralCode: code,
        referredEmail,
        status: 'sent',
        discountPercentage: 10,
      })
      .commit(),
    outboxItem(e, 'ReferralSent', detail),
  ]).then(({ canceled, codes }) => {
    if (canceled) throw new Error(`referral ${id} was not written: ${codes.join()}`);
  });
  const { data } = await store().entities.referral.get({ id }).go({ consistent: true });
  return toReferral(data as StoredReferral);
}

/** What a checkout records of a usable referral code. */
export interface CheckoutReferral extends ReferralCheck {
  referrerId: string;
  /** The row the payment converts: the referral sent to the payer's e-mail, or a new one made on conversion. */
  referralId: string;
}

const invalid = () => new AppError('VALIDATION', REFERRAL_PAYMENT_TEXTS.invalid);

/**
 * SPEC 5 at payment: the code exists (its row is `sent`), is not the payer's own, and the payer has not
 * paid for a service yet (the friend's discount is for the first service). Throws "Invalid referral code".
 */
export async function referralForPayer(payerId: string, rawCode: string): Promise<CheckoutReferral> {
  const code = normalizeReferralCode(rawCode);
  if (!/^[A-Z0-9]{1,32}$/.test(code)) throw invalid();
  const s = store();
  const owner = await s.entities.unique.get({ kind: CODE_KIND, value: code }).go({ consistent: true });
  const referrerId = owner.data?.ownerId;
  if (!referrerId || referrerId === payerId) throw invalid();
  const [rows, payer, paid, hold] = await Promise.all([
    referrerRows(referrerId),
    s.entities.profile.get({ id: payerId }).go({ consistent: true }),
    s.entities.payment.query
      .byProfile({ profileId: payerId })
      .where(({ status }, { eq }) => eq(status, 'paid'))
      .go({ pages: 'all' }),
    referralHold(payerId),
  ]);
  const codeRow = rows.find((r) => !r.referredEmail && r.referralCode === code && r.status === 'sent');
  // The first service paid for: a free one (an evaluation at $0) leaves the friend's discount for a paid one.
  const paidBefore = paid.data.some((p) => p.amountCents > 0 || p.referralCode);
  if (!codeRow || paidBefore) throw invalid();
  // Held by a checkout still open (a paid one's hold is covered above): the checkout's write would refuse it.
  if (hold) throw referralHeldRefusal();
  const email = payer.data?.email?.toLowerCase();
  const sentToPayer = rows.find((r) => r.referredEmail === email && r.status !== 'converted');
  return {
    code,
    referrerId,
    referralId: sentToPayer?.id ?? randomUUID(),
    discountPercentage: sentToPayer?.discountPercentage ?? codeRow.discountPercentage ?? DEFAULT_REFERRAL_PERCENTAGE,
  };
}

/** The payment holding the payer's referral discount, if any. */
async function referralHold(payerId: string): Promise<string | undefined> {
  const { data } = await store().entities.unique.get({ kind: HOLD_KIND, value: payerId }).go({ consistent: true });
  return data?.ownerId;
}

export const referralHeldRefusal = () => new AppError('VALIDATION', REFERRAL_PAYMENT_TEXTS.held);

/** A checkout transaction's item taking the payer's referral discount for `paymentId`; fails while another holds it. */
export function holdReferralUse(e: TxEntities, payerId: string, paymentId: string) {
  return e.unique.create({ kind: HOLD_KIND, value: payerId, ownerId: paymentId }).commit();
}

/**
 * The item of an expired or failed payment's closing transaction that gives the payer's referral
 * discount back: only the hold this payment owns (gone already is fine: the payer's deletion removes it).
 */
export async function referralRelease(p: PaymentWithReferral): Promise<((e: TxEntities) => TxItem) | undefined> {
  if (!p.referralCode || (await referralHold(p.profileId)) !== p.id) return undefined;
  return (e) =>
    e.unique
      .delete({ kind: HOLD_KIND, value: p.profileId })
      .where(({ ownerId }, { eq, notExists }) => `${notExists(ownerId)} OR ${eq(ownerId, p.id)}`)
      .commit();
}

/**
 * The referral link was opened (the payment page calls this with `?referral=`): the referral the link
 * names moves from `sent` to `clicked`, only when it carries that code. Anything else changes nothing.
 */
export async function recordReferralClick(rawCode: string, referralId: string | undefined): Promise<boolean> {
  if (!referralId) return false;
  const code = normalizeReferralCode(rawCode);
  try {
    await store()
      .entities.referral.patch({ id: referralId })
      .set({ status: 'clicked' })
      .where(
        ({ referralCode, status, referredEmail }, { eq, exists }) =>
          `${eq(referralCode, code)} AND ${eq(status, 'sent')} AND ${exists(referredEmail)}`,
      )
      .go();
    return true;
  } catch (e) {
    if (isConditionFailure(e)) return false;
    throw e;
  }
}

/** The parts of a payment its referral's conversion reads. */
export interface PaymentWithReferral {
  id: string;
  profileId: string;
  referralId?: string;
  referralCode?: string;
  referrerId?: string;
}

/**
 * The item of a payment's closing transaction (as paid) that converts its referral with the commission:
 * the referral sent to the payer, or a new converted row when the payer used the code without one.
 * Undefined when the payment has no referral, does not hold the payer's referral discount (only one
 * payment per friend ever does), the referrer is gone, or the referral is already converted (the payment
 * still closes). The payment's own update is conditioned on `pending`, so this is written at most once
 * however often the provider's event arrives.
 */
export async function referralConversion(p: PaymentWithReferral): Promise<((e: TxEntities) => TxItem) | undefined> {
  const { referralId, referralCode, referrerId } = p;
  if (!referralId || !referralCode || !referrerId) return undefined;
  const s = store();
  const [row, owner, hold] = await Promise.all([
    s.entities.referral.get({ id: referralId }).go({ consistent: true }),
    s.entities.unique.get({ kind: OWNER_KIND, value: referrerId }).go({ consistent: true }),
    referralHold(p.profileId),
  ]);
  if (!owner.data || hold !== p.id) return undefined;
  const converted = {
    status: 'converted' as const,
    commissionAmount: REFERRAL_COMMISSION,
    paymentId: p.id,
    convertedAt: new Date().toISOString(),
  };
  if (row.data) {
    if (row.data.status === 'converted') return undefined;
    // No status condition: a conversion racing this one must not cancel the payment's close (both write
    // the same status and commission).
    return (e) => e.referral.patch({ id: referralId }).set(converted).commit();
  }
  const payer = await s.entities.profile.get({ id: p.profileId }).go({ consistent: true });
  const referredEmail = payer.data?.email?.toLowerCase();
  if (!referredEmail) return undefined;
  return (e) =>
    e.referral
      .create({ id: referralId, referrerId, referralCode, referredEmail, discountPercentage: 10, ...converted })
      .commit();
}

/**
 * Everything of a client's referral program: their rows, the code's two unique items and, as a friend,
 * the hold of their referral discount (export, deletion).
 */
export async function listReferralItems(profileId: string) {
  const [rows, code, hold] = await Promise.all([referrerRows(profileId), ownCode(profileId), referralHold(profileId)]);
  return {
    referrals: rows,
    uniques: [
      ...(code
        ? [
            { kind: OWNER_KIND, value: profileId },
            { kind: CODE_KIND, value: code },
          ]
        : []),
      ...(hold ? [{ kind: HOLD_KIND, value: profileId }] : []),
    ],
  };
}

/** A referral row as the export shows it (the code's own row has no referred e-mail). */
export const referralExport = ({ referrerId: _referrer, ...rest }: StoredReferral) => rest;
