/**
 * Puts the obvious answer first among full-text results: Pagefind scores
 * words, not whole names, so みう（新人） can outrank みう. Results are
 * re-ordered by how their title matches the query (profiles before blogs
 * of the same match), keeping Pagefind's order within a tier.
 */
export interface RankedFields {
  title: string;
  store?: string;
  /** A blog's page: after the profiles of the same tier (a diary titled みう is not みう). */
  writing?: boolean;
}

/** Folds text for comparison: NFKC, lower case, no spaces. */
export function foldForMatch(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/g, '');
}

/** 0 exact name or store name, 1 name starts with it, 2 name contains it, 3 anything else. */
export function matchTier(query: string, fields: RankedFields): number {
  const q = foldForMatch(query);
  const title = foldForMatch(fields.title);
  if (!q) return 3;
  if (title === q) return 0;
  if (title.startsWith(q)) return 1;
  if (title.includes(q)) return 2;
  return 3;
}

export function rankResults<T>(query: string, items: readonly T[], fields: (item: T) => RankedFields): T[] {
  return items
    .map((item, index) => {
      const ranked = fields(item);
      return { item, index, tier: matchTier(query, ranked) * 2 + (ranked.writing ? 1 : 0) };
    })
    .sort((a, b) => a.tier - b.tier || a.index - b.index)
    .map(({ item }) => item);
}
