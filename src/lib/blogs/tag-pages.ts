/**
 * Which tags get a page of their own (/blogs/tag/{key}): a tag is a URL
 * segment only through its key, never as she typed it.
 */
/*
 * A tag she typed becomes a filter page only when it is plain words
 * (letters, digits, ー・_-, as NFKC folds them): no slash, dot, backslash,
 * percent, ? or # can shape a path or a query, no control, format (bidi,
 * zero-width) or space character can hide in one, and no letter that
 * renders as nothing (default-ignorable, like the Hangul filler U+3164).
 * Other tags are shown but not linked. tests/unit/url-segments.test.ts
 * proves it over arbitrary strings.
 */
const TAG_PAGE_PATTERN = /^(?!.*\p{Default_Ignorable_Code_Point})[\p{L}\p{N}\p{M}ー・_-]{1,20}$/u;

/** The key of a tag's filter page (NFKC, lower case), or null when it gets none. */
export function tagPageKey(tag: string): string | null {
  let key = tagKeys.get(tag);
  if (key === undefined) {
    const folded = tag.normalize('NFKC').toLowerCase();
    key = TAG_PAGE_PATTERN.test(folded) ? folded : null;
    // Tags repeat across 180,000 diaries; a site has a few thousand distinct ones.
    if (tagKeys.size < 100_000) tagKeys.set(tag, key);
  }
  return key;
}
const tagKeys = new Map<string, string | null>();
