import { useEffect, useState } from 'react';
import { BUSINESS } from '../../../shared/content/builtin';
import { phoneHref } from '../../../shared/contracts/settings-options';
import { loadBusinessEmail } from './config-store';

/** The business as the public pages show it (footer, contact page). */
export interface BusinessInfo {
  name: string;
  phone: string;
  /** `tel:` link of the phone. */
  phoneHref: string;
  email: string;
}

/** The built-ins: what the prerendered HTML shows, so hydration agrees. */
export const BUILTIN_BUSINESS_INFO: BusinessInfo = {
  name: BUSINESS.name,
  phone: BUSINESS.phone,
  phoneHref: BUSINESS.phoneHref,
  email: BUSINESS.defaultEmail,
};

const EMAIL = /^[^\s@]+@[^\s@]+$/;
const text = (v: unknown, max: number) => (typeof v === 'string' && v.trim() && v.length <= max ? v.trim() : undefined);

async function fetchBusinessInfo(): Promise<Partial<BusinessInfo>> {
  try {
    const response = await fetch('/api/public/business', { headers: { Accept: 'application/json' } });
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const data = (await response.json()) as { name?: unknown; phone?: unknown; email?: unknown } | null;
    const name = text(data?.name, 100);
    const phone = text(data?.phone, 40);
    const email = text(data?.email, 254);
    return {
      ...(name ? { name } : {}),
      ...(phone && /\d/.test(phone) ? { phone, phoneHref: phoneHref(phone) } : {}),
      ...(email && EMAIL.test(email) ? { email } : {}),
    };
  } catch {
    // The business settings are out of reach: the deployment's e-mail (/config.json), else the built-ins.
    const email = await loadBusinessEmail().catch(() => undefined);
    return email ? { email } : {};
  }
}

let pending: Promise<Partial<BusinessInfo>> | undefined;

/** The business info saved in the settings (GET /api/public/business), fetched once per page load. */
export function loadBusinessInfo(): Promise<Partial<BusinessInfo>> {
  pending ??= fetchBusinessInfo();
  return pending;
}

export function resetBusinessInfoForTests(): void {
  pending = undefined;
}

const whenIdle = (fn: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 200);
  return () => clearTimeout(id);
};

/**
 * The business's name, phone and e-mail: the built-ins first (so prerendered HTML and hydration
 * agree), then the ones saved in the settings, read once the browser is idle with a plain fetch (no
 * validator in the public pages' bundle). A failed read keeps the built-ins (the e-mail falls back
 * to /config.json's).
 */
export function useBusinessInfo(): BusinessInfo {
  const [info, setInfo] = useState<BusinessInfo>(BUILTIN_BUSINESS_INFO);
  useEffect(() => {
    let active = true;
    const cancelIdle = whenIdle(() => {
      loadBusinessInfo().then(
        (found) => active && setInfo((current) => ({ ...current, ...found })),
        () => undefined,
      );
    });
    return () => {
      active = false;
      cancelIdle();
    };
  }, []);
  return info;
}
