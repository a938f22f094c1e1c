import { Entity } from 'electrodb';
import { DISCOUNT_TYPES } from '../../contracts/payment-options.js';
import { createdAtAttribute, idAttribute, SERVICE, updatedAtAttribute } from './common.js';

/**
 * SPEC 3 discount_codes. The code is unique through a `unique` item (kind `discountCode`) written in the
 * same transaction. `reserved` counts the uses taken: held by an open checkout or spent by a paid one; a
 * checkout takes one with a conditional update (`reserved < usageLimit`), so a limit holds under any
 * concurrency, and an expired or failed checkout gives it back. `timesUsed` counts paid uses only.
 */
export const discountCodeEntity = new Entity({
  model: { entity: 'discountCode', version: '1', service: SERVICE },
  attributes: {
    id: idAttribute,
    /** Upper-case. */
    code: { type: 'string', required: true, readOnly: true },
    discountType: { type: DISCOUNT_TYPES, required: true },
    discountValue: { type: 'number', required: true },
    isActive: { type: 'boolean', required: true, default: true },
    expiresAt: { type: 'string' },
    usageLimit: { type: 'number' },
    timesUsed: { type: 'number', required: true, default: 0 },
    reserved: { type: 'number', required: true, default: 0 },
    /** The admin profile that created it, and its e-mail then (the list shows the creator). */
    createdBy: { type: 'string', required: true },
    creatorEmail: { type: 'string' },
    createdAt: createdAtAttribute,
    updatedAt: updatedAtAttribute,
  },
  indexes: {
    byId: { pk: { field: 'pk', composite: ['id'] }, sk: { field: 'sk', composite: [] } },
    /** Every code, newest first (the trainer's list; a business has tens of codes). */
    byCreated: {
      index: 'gsi1',
      pk: { field: 'gsi1pk', composite: [] },
      sk: { field: 'gsi1sk', composite: ['createdAt', 'id'] },
    },
    /** The code a client types at payment. */
    byCode: {
      index: 'gsi2',
      pk: { field: 'gsi2pk', composite: ['code'] },
      sk: { field: 'gsi2sk', composite: [] },
    },
  },
});
