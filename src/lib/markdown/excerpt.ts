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

const cardTeasers = new WeakMap<object, string>();

/**
 * A blog card's teaser, worked out once per blog record: one blog shows on
 * several list pages of a build (its feeds, her profile, her store, home),
 * and lexing the body is most of what a card costs.
 */
export function cardTeaser(blog: { readonly body: string }): string {
  let teaser = cardTeasers.get(blog);
  if (teaser === undefined) cardTeasers.set(blog, (teaser = plainExcerpt(blog.body)));
  return teaser;
}
