/**
 * What the report form calls the reported document in words, from its
 * public fields: the therapist's or store's name, the former handle, the
 * blog's title, the post's first words. Pure; the island reads the
 * document (src/lib/reports/client.ts).
 */

/** A post is named by this many characters of its text. */
export const POST_NAME_LENGTH = 30;

/** The field that names a document of each reportable collection. */
const NAME_FIELDS: Readonly<Record<string, string>> = {
  accounts: 'displayName',
  stores: 'displayName',
  frozenAccounts: 'handle',
  blogs: 'title',
  posts: 'text',
};

/** One line: runs of white space (a post's line breaks) as one space. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The words naming the document of `collection` whose public data is
 * `data` (「みう」, 「@miu_0312」, a title, 「今日は…」), or null when the
 * collection is unknown or the field is missing or blank.
 */
export function reportTargetName(collection: string, data: Readonly<Record<string, unknown>>): string | null {
  const field = Object.hasOwn(NAME_FIELDS, collection) ? NAME_FIELDS[collection]! : null;
  const value = field ? data[field] : undefined;
  if (typeof value !== 'string') return null;
  const text = oneLine(value);
  if (!text) return null;
  if (collection === 'frozenAccounts') return `@${text}`;
  const chars = [...text];
  return collection === 'posts' && chars.length > POST_NAME_LENGTH ? `${chars.slice(0, POST_NAME_LENGTH).join('')}…` : text;
}
