/**
 * Tags typed into one field, separated by commas (, 、 ，) or spaces, with
 * an optional leading #. Pure, so the unit tests cover it directly.
 */
export const MAX_TAGS = 10;
export const MAX_TAG_LENGTH = 20;

/** The tags in a typed text: NFKC-folded, without #, empty and repeated ones dropped, in order. */
export function parseTags(text: string): string[] {
  const tags: string[] = [];
  for (const part of text.normalize('NFKC').split(/[,、\s]+/)) {
    const tag = part.replace(/^#+/, '').trim();
    if (tag !== '' && !tags.includes(tag)) tags.push(tag);
  }
  return tags;
}

/** Japanese reason the tags cannot be stored, or null. */
export function tagsProblem(tags: readonly string[]): string | null {
  if (tags.length > MAX_TAGS) return `タグは ${MAX_TAGS} 個までです（いま ${tags.length} 個）。`;
  const long = tags.find((tag) => tag.length > MAX_TAG_LENGTH);
  if (long) return `「${long}」は長すぎます。タグは 1 つ ${MAX_TAG_LENGTH} 文字までです。`;
  return null;
}

/** Stored tags as the field shows them. */
export function tagsToText(tags: readonly string[]): string {
  return tags.join('、');
}
