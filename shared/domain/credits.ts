import type { ServiceType } from '../contracts/payment-options.js';
import { store, type TxEntities, type TxItem } from '../db/service.js';
import { getBusinessSettings } from './settings.js';

/**
 * Session credits (docs/decisions/0026-session-credits.md). A paid payment grants its service's credits
 * and a completed session uses one, each as an atomic ADD on the client's balance inside the transaction
 * that makes the change, so the balance moves exactly once with it. Completion is never blocked: with no
 * credit left the balance goes below 0, which is what the client owes, and the next payment pays it first.
 */

/** Credits of the services whose content is fixed by SPEC 9 (one session, four, eight). */
export const FIXED_SERVICE_CREDITS = { single_session: 1, package_4: 4, package_8: 8 } as const;

/** How many credits a paid `service` gives: fixed, or the trainer's setting for evaluation and intensive. */
export async function creditsForService(service: ServiceType): Promise<number> {
  if (service === 'evaluation' || service === 'intensive') {
    const s = await getBusinessSettings();
    return service === 'evaluation' ? s.evaluationCredits : s.intensiveCredits;
  }
  return FIXED_SERVICE_CREDITS[service];
}

/** The transaction item adding `delta` (positive: granted or given back; negative: used) to a client's balance. */
export function creditDelta({ sessionCredits }: Pick<TxEntities, 'sessionCredits'>, profileId: string, delta: number) {
  return sessionCredits.update({ profileId }).add({ balance: delta }).commit() as TxItem;
}

/** A client's balance and the credits their bookings hold (both 0 when never written). */
export async function getCredits(profileId: string): Promise<{ balance: number; held: number }> {
  const { data } = await store().entities.sessionCredits.get({ profileId }).go({ consistent: true });
  return { balance: data?.balance ?? 0, held: data?.held ?? 0 };
}

/** A client's balance as stored (0 when never written; below 0 when sessions were completed without credit). */
export async function getCreditBalance(profileId: string): Promise<number> {
  const { data } = await store().entities.sessionCredits.get({ profileId }).go({ consistent: true });
  return data?.balance ?? 0;
}
