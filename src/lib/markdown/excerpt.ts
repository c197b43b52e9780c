/**
 * A blog's teaser for lists and link previews: its plain text
 * (src/lib/markdown/render.ts), white space collapsed, cut at `length`
 * characters with an ellipsis.
 */
import { markdownPlainText } from './render';

export function plainExcerpt(body: string, length = 80): string {
  const characters = [...markdownPlainText(body).replace(/\s+/g, ' ').trim()];
  return characters.length > length ? `${characters.slice(0, length - 1).join('')}…` : characters.join('');
}
