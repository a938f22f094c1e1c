import { Entity } from 'electrodb';
import { SERVICE } from './common.js';

/**
 * A client's session credits (docs/decisions/0026-session-credits.md): one item per client, `balance`
 * changed only by atomic ADDs inside the transaction that grants or uses a credit (a payment's close,
 * a session's completion or the deletion of a completed session). A negative balance is what the client
 * owes: sessions completed with no credit left. Absent means 0.
 */
export const sessionCreditsEntity = new Entity({
  model: { entity: 'sessionCredits', version: '1', service: SERVICE },
  attributes: {
    profileId: { type: 'string', required: true, readOnly: true },
    balance: { type: 'number', required: true, default: 0 },
    /**
     * Credits taken from `balance` by open booking requests and booked sessions (ADR 0034): used when the
     * session completes or is cancelled late, given back to `balance` when declined or cancelled in time.
     */
    held: { type: 'number' },
  },
  indexes: {
    byProfile: { pk: { field: 'pk', composite: ['profileId'] }, sk: { field: 'sk', composite: [] } },
  },
});
