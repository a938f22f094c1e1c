import { SERVICE_ID_MAX, SERVICE_TEXTS, SERVICE_TYPES, SERVICES, type Service } from '../contracts/payment-options.js';
import type { ServiceInput } from '../contracts/settings.js';
import { AppError } from '../errors.js';

/**
 * The services clients pay for (docs/decisions/0038-services-in-settings.md): a list on the business
 * settings item, edited in Settings → Business. Until the trainer saves one, SPEC 9's services apply, with
 * the evaluation and intensive credits of ADR 0026's settings. A service is never deleted, only retired,
 * so every payment keeps naming one; a payment also keeps the name, price and credits it was made at.
 */

/** The stored credit settings that predate editable services (ADR 0026), read for the defaults. */
interface LegacyCredits {
  evaluationCredits?: number;
  intensiveCredits?: number;
}

/** SPEC 9's services, the evaluation's and intensive program's credits from the older settings when saved. */
export function defaultServices(legacy: LegacyCredits = {}): Service[] {
  return SERVICE_TYPES.map((id) => {
    const s = { ...SERVICES[id] };
    if (id === 'evaluation' && legacy.evaluationCredits !== undefined) s.credits = legacy.evaluationCredits;
    if (id === 'intensive' && legacy.intensiveCredits !== undefined) s.credits = legacy.intensiveCredits;
    return s;
  });
}

/** An id for a new service from its name ("Puppy Class!" -> "puppy-class"), made unique among `taken`. */
function newServiceId(name: string, taken: Set<string>): string {
  const base =
    name
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, SERVICE_ID_MAX - 4)
      .replace(/-+$/, '') || 'service';
  let id = base;
  for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
  taken.add(id);
  return id;
}

/**
 * The services to store from the trainer's list: every stored service must still be there (retired, not
 * removed: payments name it), an id must be a stored one, and a new service gets an id from its name.
 * Bad input is a VALIDATION error on `services` and nothing is written.
 */
export function mergeServices(current: Service[], input: ServiceInput[]): Service[] {
  const stored = new Set(current.map((s) => s.id));
  const unknown = input.find((s) => s.id !== undefined && !stored.has(s.id));
  if (unknown) throw new AppError('VALIDATION', SERVICE_TEXTS.unknown, { services: [SERVICE_TEXTS.unknown] });
  const kept = new Set(input.flatMap((s) => (s.id ? [s.id] : [])));
  const removed = current.filter((s) => !kept.has(s.id));
  if (removed.length) {
    const message = `${SERVICE_TEXTS.removed} (${removed.map((s) => s.name).join(', ')})`;
    throw new AppError('VALIDATION', message, { services: [message] });
  }
  const taken = new Set(stored);
  return input.map((s) => ({
    id: s.id ?? newServiceId(s.name, taken),
    name: s.name,
    description: s.description,
    price: s.price,
    credits: s.credits,
    retired: s.retired,
  }));
}

/** The services a client can pay for now: the offered ones, in the trainer's order. */
export const offeredServices = (services: Service[]) => services.filter((s) => !s.retired);

/**
 * The service a checkout is for: a stored one that is still offered. An unknown id or a retired service is
 * a VALIDATION error on `serviceType` (the checkout writes nothing).
 */
export function serviceToSell(services: Service[], id: string): Service {
  const found = services.find((s) => s.id === id);
  if (!found) throw new AppError('VALIDATION', SERVICE_TEXTS.unknown, { serviceType: [SERVICE_TEXTS.unknown] });
  if (found.retired) throw new AppError('VALIDATION', SERVICE_TEXTS.retired, { serviceType: [SERVICE_TEXTS.retired] });
  return found;
}
