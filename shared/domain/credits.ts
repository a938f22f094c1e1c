import type { ServiceType } from '../contracts/payment-options.js';
import { store, type TxEntities, type TxItem } from '../db/service.js';
import { getBusinessSettings } from './settings.js';

/**
 * Session credits (docs/decisions/0026-session-credits.md). A paid payment grants its service's credits
 * and a completed session uses one, each as an atomic ADD on the client's balance inside the transaction
 * that makes the change, so the balance moves exactly once with it. Completion is never blocked: with no
 * credit left the balance goes below 0, which is what the client owes, and the next payment pays it first.
 */

/**
 * How many credits a paid `service` gives now (Settings → Business; 0 for a service that does not exist).
 * A payment keeps the credits of its service as they were when it was made; this is read only for payments
 * made before they did.
 */
export async function creditsForService(service: ServiceType): Promise<number> {
  const { services } = await getBusinessSettings();
  return services.find((s) => s.id === service)?.credits ?? 0;
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
