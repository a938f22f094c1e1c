import { randomUUID } from 'node:crypto';

/** ElectroDB service name: the first segment of every key. */
export const SERVICE = 'pawsitive';

export const nowIso = () => new Date().toISOString();

/** Attribute snippets shared by entities. */
export const idAttribute = { type: 'string', required: true, readOnly: true, default: () => randomUUID() } as const;
export const createdAtAttribute = { type: 'string', required: true, readOnly: true, default: nowIso } as const;
export const updatedAtAttribute = {
  type: 'string',
  required: true,
  default: nowIso,
  watch: '*',
  set: () => nowIso(),
} as const;
