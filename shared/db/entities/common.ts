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

/** Index field names, matching shared/db/table.ts. */
export const PRIMARY = { pk: { field: 'pk' }, sk: { field: 'sk' } } as const;
export const GSI1 = { index: 'gsi1', pk: { field: 'gsi1pk' }, sk: { field: 'gsi1sk' } } as const;
export const GSI2 = { index: 'gsi2', pk: { field: 'gsi2pk' }, sk: { field: 'gsi2sk' } } as const;
export const GSI3 = { index: 'gsi3', pk: { field: 'gsi3pk' }, sk: { field: 'gsi3sk' } } as const;
