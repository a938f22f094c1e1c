import { getBusinessSettings, putBusinessSettings } from '../../shared/domain/settings.js';

/**
 * Sets the price of one stored service (Settings → Business), keeping every other setting. The Initial
 * Evaluation is free by default (ADR 0038); suites about charging a checkout sell it at SPEC 9's $75 and
 * reset the business settings afterwards (resetBusinessSettings), as other suites expect the defaults.
 */
export async function priceService(id: string, price: number): Promise<void> {
  const s = await getBusinessSettings();
  await putBusinessSettings({ ...s, services: s.services.map((x) => (x.id === id ? { ...x, price } : x)) }, 'test');
}

/** SPEC 9's $75 Initial Evaluation, for suites whose checkouts must be charged. */
export const sellEvaluationAt75 = () => priceService('evaluation', 75);
