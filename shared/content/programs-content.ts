/** Programs (SPEC 3): the store's records as the programs page shows them. */
import { type BuiltinProgram, DEFAULT_PROGRAM_COLOR } from './builtin.js';
import { bySortOrder, type PublicContentRecord, safeColor, text } from './public-content.js';

/** Features of a program: a JSON list, a JSON object of values, or one per line (trimmed, empties dropped). */
export function parseFeatures(value: string | null | undefined): string[] {
  const v = (value ?? '').trim();
  if (!v) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(v);
  } catch {
    parsed = undefined;
  }
  const list = Array.isArray(parsed)
    ? parsed
    : parsed && typeof parsed === 'object'
      ? Object.values(parsed as Record<string, unknown>)
      : typeof parsed === 'string'
        ? parsed.split(/\r?\n/)
        : v.split(/\r?\n/);
  return list
    .filter((f): f is string | number => typeof f === 'string' || typeof f === 'number')
    .map((f) => String(f).trim())
    .filter(Boolean);
}

export function mapPrograms(records: PublicContentRecord[]): BuiltinProgram[] {
  return records
    .map((r) => {
      const f = r.fields;
      return {
        id: r.id,
        title: text(f, 'program_title') || r.title,
        description: text(f, 'description'),
        price: text(f, 'price'),
        duration: text(f, 'duration'),
        color: safeColor(f.color, DEFAULT_PROGRAM_COLOR),
        features: parseFeatures(f.features),
        order: r.sort_order,
      };
    })
    .filter((p) => p.title)
    .sort(bySortOrder);
}
