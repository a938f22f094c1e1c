import { useEffect, useState } from 'react';
import { BUSINESS } from '../../../shared/content/builtin';
import { loadBusinessEmail, onRuntimeConfig } from './config-store';

const whenIdle = (fn: () => void): (() => void) => {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(fn, { timeout: 3000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = setTimeout(fn, 200);
  return () => clearTimeout(id);
};

/**
 * The business e-mail: the built-in default first (so prerendered HTML and hydration agree), then
 * `/config.json`'s businessEmail, read once the browser is idle (a failed read keeps the default).
 */
export function useBusinessEmail(): string {
  const [email, setEmail] = useState<string>(BUSINESS.defaultEmail);
  useEffect(() => {
    let active = true;
    const unsubscribe = onRuntimeConfig((c) => setEmail(c.businessEmail));
    const cancelIdle = whenIdle(() => {
      loadBusinessEmail().then(
        (e) => active && e && setEmail(e),
        () => undefined,
      );
    });
    return () => {
      active = false;
      unsubscribe();
      cancelIdle();
    };
  }, []);
  return email;
}
