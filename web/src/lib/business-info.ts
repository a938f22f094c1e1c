import { BUSINESS } from '#shared/content/business';
import { phoneHref } from '#shared/contracts/settings-options';
import { loadBusinessEmail } from './config-store';

/** The business as the public pages show it (footer, contact page). */
export interface BusinessInfo {
  name: string;
  phone: string;
  /** `tel:` link of the phone. */
  phoneHref: string;
  email: string;
}

/** The built-ins: what the prerendered HTML shows until the saved info is read. */
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

/**
 * Shows the business info saved in the settings on a public page: every element marked
 * `data-business="name|phone|email"` (footer, contact page) takes its text, and a link its `tel:` /
 * `mailto:` href. The page is rendered with the built-ins; a failed read keeps them.
 */
export function applyBusinessInfo(root: ParentNode, info: Partial<BusinessInfo>): void {
  for (const el of root.querySelectorAll<HTMLElement>('[data-business]')) {
    const field = el.dataset.business;
    if (field === 'name' && info.name) el.textContent = info.name;
    if (field === 'phone' && info.phone) {
      el.textContent = info.phone;
      if (info.phoneHref) el.setAttribute('href', info.phoneHref);
    }
    if (field === 'email' && info.email) {
      el.textContent = info.email;
      el.setAttribute('href', `mailto:${info.email}`);
    }
  }
}
