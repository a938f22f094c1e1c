/** The longest search word stored or looked for (a longer word is cut to this length). */
export const MAX_SEARCH_WORD = 64;

/**
 * The words of a search (or of a name): lower-cased, split on anything but letters and digits,
 * unique, each cut to MAX_SEARCH_WORD characters. Message and session searches look up these words.
 */
export function searchWords(q: string): string[] {
  return [
    ...new Set(
      q
        .toLowerCase()
        .split(/[^\p{L}\p{N}]+/u)
        .filter(Boolean),
    ),
  ].map((w) => w.slice(0, MAX_SEARCH_WORD));
}
