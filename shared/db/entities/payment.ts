import { Entity } from 'electrodb';
import { PAYMENT_STATUSES } from '../../contracts/payment-options.js';
import { createdAtAttribute, idAttribute, SERVICE, updatedAtAttribute } from './common.js';

/**
 * A client's payment for one service: written `pending` with its amount (computed by the server) when the
 * checkout is created, then `paid` or `expired` once by the provider's webhook (a conditional update from
 * `pending`, so a repeated delivery changes nothing). A held discount use is named by `discountCodeId`.
 */
export const paymentEntity = new Entity({
  model: { entity: 'payment', version: '1', service: SERVICE },
  attributes: {
    id: idAttribute,
    profileId: { type: 'string', required: true },
    /** The service's id (Settings → Business), with its name and credits as they were when the payment was made. */
    serviceType: { type: 'string', required: true },
    serviceName: { type: 'string' },
    credits: { type: 'number' },
    /**
     * A seat in a priced class (docs/decisions/0076-paying-for-a-class.md): once paid, the credits it gives
     * enrol this dog (serviceType `class`).
     */
    classId: { type: 'string' },
    dogId: { type: 'string' },
    priceCents: { type: 'number', required: true },
    discountCents: { type: 'number', required: true, default: 0 },
    amountCents: { type: 'number', required: true },
    currency: { type: ['usd'] as const, required: true, default: 'usd' },
    discountCodeId: { type: 'string' },
    discountCode: { type: 'string' },
    /** The referral the payment converts once paid (shared/domain/referrals.ts), its code and referrer. */
    referralId: { type: 'string' },
    referralCode: { type: 'string' },
    referrerId: { type: 'string' },
    status: { type: PAYMENT_STATUSES, required: true, default: 'pending' },
    /** The provider's checkout session. */
    checkoutId: { type: 'string' },
    paidAt: { type: 'string' },
    createdAt: createdAtAttribute,
    updatedAt: updatedAtAttribute,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    /** A client's payments, newest first (history, export, deletion). */
    byProfile: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['profileId'] },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'id'] },
    },
    /**
     * Every payment by creation time (the trainer's list, newest first; a month or a date range is a key
     * condition). One partition, like the sessions' date index: one business writes a few thousand a year.
     */
    byTime: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: [] },
      sk: { field: 'gsi2sk', composite: ['createdAt', 'id'] },
    },
    /** The payments of one status by creation time (the trainer's status filter as a key condition). */
    byStatus: {
      index: 'gsi3',
      pk: { field: 'gsi3pk', composite: ['status'] },
      sk: { field: 'gsi3sk', composite: ['createdAt', 'id'] },
    },
  },
});
