import type { ClientProfile } from '#shared/contracts/client-options';

// What the portal says without dates (format.ts re-exports it): a screen that shows no date, such as
// compose, loads no date formatting for these.

/** SPEC 8: create and edit move on 2 s after success. */
export const REDIRECT_DELAY_MS = 2000;

export const fullName = (c: Pick<ClientProfile, 'firstName' | 'lastName'>) =>
  [c.firstName, c.lastName].filter(Boolean).join(' ');
