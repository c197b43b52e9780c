/**
 * A blog's teaser for lists and link previews: its plain text
 * (src/lib/markdown/render.ts), white space collapsed, cut at `length`
 * characters with an ellipsis.
 */
import { markdownPlainText } from './render';

/**
 * `plainText` (src/lib/markdown/render.ts) as a teaser of at most `length`
 * characters (code points, so no surrogate pair is cut). Stops at the
 * teaser's length: the export works out every diary's teaser.
 */
export function excerptOf(plainText: string, length = 80): string {
  const characters: string[] = [];
  for (const character of plainText.replace(/\s+/g, ' ').trim()) {
    if (characters.length === length) return `${characters.slice(0, length - 1).join('')}…`;
    characters.push(character);
  }
  return characters.join('');
}

/**
 * A Markdown body's teaser: a diary's `teaser` in the export (src/schema/public.ts), 80 characters.
 * MarkdownTooComplexError (src/lib/markdown/bounds.ts) for a body past the bounds.
 */
export function plainExcerpt(body: string, length = 80): string {
  return excerptOf(markdownPlainText(body), length);
}
