import { store, type TxEntities } from '../db/service.js';

/**
 * Client search without a scan (shared/db/entities/search-token.ts): every client is findable by the
 * start of any word of their first or last name, by the start of their e-mail or of any part of it,
 * and by any run of digits their phone number ends with or starts with. A search reads only the
 * tokens that begin with its first word, so its cost follows the matches, not the number of clients.
 */
export const CLIENT_SEARCH_SCOPE = 'client';
const MAX_TOKEN = 64;
const MIN_PHONE_SUFFIX = 3;

const words = (s: string | undefined) =>
  (s ?? '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Lower-cased search tokens of a client. */
export function searchTokensFor(p: { firstName: string; lastName?: string; email: string; phone?: string }): string[] {
  const tokens = new Set<string>();
  for (const w of [...words(p.firstName), ...words(p.lastName)]) tokens.add(w);
  const first = (p.firstName ?? '').trim().toLowerCase();
  const last = (p.lastName ?? '').trim().toLowerCase();
  if (first && last) tokens.add(`${first} ${last}`);
  const email = p.email.trim().toLowerCase();
  tokens.add(email);
  const [local, domain] = email.split('@');
  for (const w of words(local)) tokens.add(w);
  if (domain) tokens.add(domain);
  const digits = (p.phone ?? '').replace(/\D+/g, '');
  if (digits) {
    tokens.add(digits);
    for (let i = 1; i <= digits.length - MIN_PHONE_SUFFIX; i++) tokens.add(digits.slice(i));
  }
  // Distinct once cut to their stored length: two long tokens with the same start are one item, and a
  // transaction may not write one item twice.
  return [...new Set([...tokens].map((t) => t.slice(0, MAX_TOKEN)))].filter(Boolean);
}

/** The normalised search words of a query (its digits-only form too, for phone numbers). */
export function searchTerms(query: string): string[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const digits = q.replace(/[\s().+-]+/g, '');
  if (/^\d+$/.test(digits)) return [digits];
  if (q.includes('@')) return [q];
  // Split like the stored words, so "Ito-Reyes" looks for "ito" and "reyes".
  return q.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

const shardOf = (token: string) => [...token][0] ?? '_';

/** Transaction items writing (or deleting) the given tokens of a profile. */
export function searchTokenItems(
  { searchToken }: Pick<TxEntities, 'searchToken'>,
  op: 'put' | 'delete',
  profileId: string,
  tokens: readonly string[],
) {
  return tokens.map((token) => {
    const key = { scope: CLIENT_SEARCH_SCOPE, shard: shardOf(token), token, profileId };
    return op === 'put' ? searchToken.put(key).commit() : searchToken.delete(key).commit();
  });
}

export interface TokenMatch {
  token: string;
  profileId: string;
}

/**
 * Tokens starting with `term` (with their client ids), in token order, from `cursor`. One query on
 * one partition, reading only matching tokens.
 */
export async function findClientTokens(
  term: string,
  opts: { cursor?: string | null; limit: number },
): Promise<{ matches: TokenMatch[]; cursor: string | null }> {
  const t = term.toLowerCase().slice(0, MAX_TOKEN);
  const { data, cursor } = await store()
    .entities.searchToken.query.byToken({ scope: CLIENT_SEARCH_SCOPE, shard: shardOf(t) })
    .begins({ token: t })
    .go({ cursor: opts.cursor ?? null, limit: opts.limit });
  return { matches: data.map((d) => ({ token: d.token, profileId: d.profileId })), cursor };
}

/** The query cursor that continues right after `match` (ElectroDB cursors are the last key, base64url JSON). */
export function cursorAfter(match: TokenMatch): string {
  const key = store()
    .entities.searchToken.delete({
      scope: CLIENT_SEARCH_SCOPE,
      shard: shardOf(match.token),
      token: match.token,
      profileId: match.profileId,
    })
    .params() as { Key: Record<string, string> };
  return Buffer.from(JSON.stringify(key.Key)).toString('base64url');
}
