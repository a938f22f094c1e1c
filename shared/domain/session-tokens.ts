import type { TxEntities } from '../db/service.js';
import { MAX_SEARCH_WORD, searchWords } from './search-words.js';

/**
 * A session's search words (session-token items, shared/db/entities/session-token.ts): written and
 * deleted in the transactions that change the session, read by the trainer's search (session-lists.ts).
 */

const MAX_TOKENS = 20;

/** A session's search words: the words of the client's and the dog's names, lower-cased, unique. */
export function sessionTokens(s: { clientName?: string; dogName?: string }): string[] {
  const tokens = new Set<string>();
  for (const w of searchWords(`${s.clientName ?? ''} ${s.dogName ?? ''}`)) {
    if (tokens.size >= MAX_TOKENS) break;
    tokens.add(w.slice(0, MAX_SEARCH_WORD));
  }
  return [...tokens];
}

/** The partition of the search-word index a word is in: its first character. */
export const shardOf = (token: string) => [...token][0] ?? '_';

/** Transaction items writing (or deleting) the given search words of a session. */
export function tokenItems(
  e: Pick<TxEntities, 'sessionToken'>,
  op: 'put' | 'delete',
  id: string,
  tokens: readonly string[],
) {
  return tokens.map((token) => {
    const key = { shard: shardOf(token), token, sessionId: id };
    return op === 'put' ? e.sessionToken.put(key).commit() : e.sessionToken.delete(key).commit();
  });
}

/** Transaction items taking a session's search words from `old` to `next` (only the difference). */
export function tokenChanges(
  e: Pick<TxEntities, 'sessionToken'>,
  id: string,
  old: readonly string[],
  next: readonly string[],
) {
  return [
    ...tokenItems(
      e,
      'delete',
      id,
      old.filter((t) => !next.includes(t)),
    ),
    ...tokenItems(
      e,
      'put',
      id,
      next.filter((t) => !old.includes(t)),
    ),
  ];
}
