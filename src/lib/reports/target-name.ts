/**
 * What the report form calls the reported document in words, from its
 * public fields: the therapist's or store's name, the former handle, the
 * blog's title, the post's first words. Pure; the island reads the
 * document (src/lib/reports/client.ts).
 */

/** A post is named by this many characters of its text. */
export const POST_NAME_LENGTH = 30;

/**
 * The fields that name a document of each reportable collection, the first
 * one that is not blank: a store shows its display name, else its store name
 * (src/lib/store-name.ts; most stores leave the display name empty).
 */
const NAME_FIELDS: Readonly<Record<string, readonly string[]>> = {
  accounts: ['displayName'],
  stores: ['displayName', 'storeName'],
  frozenAccounts: ['handle'],
  blogs: ['title'],
  posts: ['text'],
};

/** One line: runs of white space (a post's line breaks) as one space. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The words naming the document of `collection` whose public data is
 * `data` (「みう」, 「@miu_0312」, a title, 「今日は…」), or null when the
 * collection is unknown or its fields are missing or blank.
 */
export function reportTargetName(collection: string, data: Readonly<Record<string, unknown>>): string | null {
  const fields = Object.hasOwn(NAME_FIELDS, collection) ? NAME_FIELDS[collection]! : [];
  const text = fields.map((field) => data[field]).find((value): value is string => typeof value === 'string' && oneLine(value) !== '');
  if (text === undefined) return null;
  const line = oneLine(text);
  if (collection === 'frozenAccounts') return `@${line}`;
  const chars = [...line];
  return collection === 'posts' && chars.length > POST_NAME_LENGTH ? `${chars.slice(0, POST_NAME_LENGTH).join('')}…` : line;
}
