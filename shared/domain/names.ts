import type { Profile } from './profiles.js';

/** A person's name as the product shows and stores it: first and last name, trimmed. */
export const fullName = (p: Pick<Profile, 'firstName' | 'lastName'>) => `${p.firstName} ${p.lastName ?? ''}`.trim();
