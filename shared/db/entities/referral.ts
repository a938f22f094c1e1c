import { Entity } from 'electrodb';
import { REFERRAL_STATUSES } from '../../contracts/referral-options.js';
import { createdAtAttribute, idAttribute, SERVICE, updatedAtAttribute } from './common.js';

/**
 * SPEC 3 referrals. A client's code is one row without `referredEmail` (written on the first visit of
 * /referrals, status `sent`); each referral sent by e-mail is a row with the friend's e-mail. The code
 * is unique through a `unique` item (kind `referralCode`, owner the referrer's profile) and a client has
 * one code through another (kind `referralOwner`, value the profile id, owner the code), both written in
 * the code row's transaction. A referral becomes `converted` in the transaction that closes the
 * friend's first payment as paid.
 */
export const referralEntity = new Entity({
  model: { entity: 'referral', version: '1', service: SERVICE },
  attributes: {
    id: idAttribute,
    referrerId: { type: 'string', required: true, readOnly: true },
    /** Upper-case. */
    referralCode: { type: 'string', required: true, readOnly: true },
    /** Lower-case; absent on the code's own row. */
    referredEmail: { type: 'string', readOnly: true },
    status: { type: REFERRAL_STATUSES, required: true, default: 'sent' },
    /** US dollars, set on conversion. */
    commissionAmount: { type: 'number' },
    discountPercentage: { type: 'number', required: true, default: 10 },
    /** The payment that converted it. */
    paymentId: { type: 'string' },
    convertedAt: { type: 'string' },
    createdAt: createdAtAttribute,
    updatedAt: updatedAtAttribute,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    /** A referrer's rows, newest first (history, export, deletion). */
    byReferrer: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: ['referrerId'] },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'id'] },
    },
  },
});
