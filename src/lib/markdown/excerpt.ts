/**
 * A blog's teaser for lists and link previews: its plain text
 * (src/lib/markdown/render.ts), white space collapsed, cut at `length`
 * characters with an ellipsis.
 */
import type { ListedBlog, PublicBlog } from '../../schema/public';
import { markdownPlainText } from './render';

/**
 * `plainText` (src/lib/markdown/render.ts) as a teaser of at most `length`
 * characters (code points, so no surrogate pair is cut). Stops at the
 * teaser's length: every diary's teaser is worked out as the export is read.
 */
export function excerptOf(plainText: string, length = 80): string {
  const characters: string[] = [];
  for (const character of plainText.replace(/\s+/g, ' ').trim()) {
    if (characters.length === length) return `${characters.slice(0, length - 1).join('')}…`;
    characters.push(character);
  }
  return characters.join('');
}

export function plainExcerpt(body: string, length = 80): string {
  return excerptOf(markdownPlainText(body), length);
}

const cardTeasers = new WeakMap<object, string>();

/** Works out the card teaser of `listed` from the body it was read with, before that body is let go (src/data/export-records.ts). */
export function keepCardTeaser(listed: ListedBlog, body: string): void {
  cardTeasers.set(listed, plainExcerpt(body));
}

/**
 * A blog card's teaser, worked out once per blog record: one blog shows on
 * several list pages of a build (its feeds, her profile, her store, home),
 * and lexing the body is most of what a card costs.
 */
export function cardTeaser(blog: ListedBlog | PublicBlog): string {
  let teaser = cardTeasers.get(blog);
  if (teaser === undefined) {
    if (!('body' in blog)) throw new Error(`Blog ${blog.id} was listed without its body or its teaser (keepCardTeaser).`);
    cardTeasers.set(blog, (teaser = plainExcerpt(blog.body)));
  }
  return teaser;
}
