/**
 * Blog bodies: Markdown to sanitised HTML, the same function for the
 * editor's live preview and the static /blog/{id} page, so what she sees
 * is what is published.
 *
 * Two layers. marked parses (GitHub-flavoured, line breaks kept) with raw
 * HTML off (a tag she types stays text), accepts only http(s) and mailto
 * link targets, demotes headings under the page's h1 and marks links
 * rel="ugc nofollow noopener". Images are never URLs she types: a body
 * names its own pictures as `![説明](image:N)` (the Nth of the blog's
 * uploaded images), and the caller resolves N to the project's Storage
 * URL; any other image becomes its alt text. Then js-xss keeps only an
 * allow-list of tags and attributes, whatever the first layer let through
 * (any other tag is escaped as text), and checks every URL again. Both
 * tokenise with no DOM and no entity tables, so the editor's preview stays
 * light (about 22 KB gzip; markdown-it with its tables was 49 KB).
 *
 * Before either, the body is held to the bounds of bounds.ts (how deep it
 * nests, how many links, how much work): past them, every function here
 * throws MarkdownTooComplexError instead of rendering.
 */
import { Marked, type Token, type Tokens } from 'marked';
import xssModule from 'xss';
import type * as Xss from 'xss';
import { markdownProblem, MarkdownTooComplexError } from './bounds';

export interface RenderOptions {
  /** The URL of the blog's Nth picture (Storage, or a local preview), or null when there is none. */
  imageUrl: (index: number) => string | null;
}

/** The reference a body uses for its Nth picture. */
export const IMAGE_REFERENCE = /^image:(\d{1,2})$/;
export const LINK_REL = 'ugc nofollow noopener';

const SAFE_LINK = /^(https?:|mailto:)/i;
// A table column's alignment as a class rather than a style attribute (the sanitiser allows no style).
const ALIGN_CLASSES: Record<string, string> = { left: 'text-left', right: 'text-right', center: 'text-center' };

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character]!);
const UNESCAPES = Object.fromEntries(Object.entries(ESCAPES).map(([character, entity]) => [entity, character]));
// Last, so that an escaped entity (&amp;#106;) stays literal text, as the browser reads it.
const unescapeHtml = (text: string) => text.replace(/&(amp|lt|gt|quot|#39);/g, (entity) => UNESCAPES[entity]!);

// The picture resolver of the render in progress (marked renders synchronously, one body at a time).
let imageUrlOfRender: RenderOptions['imageUrl'] = () => null;

const markdown = new Marked({
  gfm: true,
  breaks: true,
  // No raw HTML: a block or tag she types is not HTML, so it falls through to text (escaped).
  tokenizer: { html: () => undefined, tag: () => undefined },
  renderer: {
    heading({ tokens, depth }) {
      const tag = `h${Math.min(6, depth + 1)}`;
      return `<${tag}>${this.parser.parseInline(tokens)}</${tag}>\n`;
    },
    tablecell({ tokens, header, align }) {
      const tag = header ? 'th' : 'td';
      const alignment = align ? ` class="${ALIGN_CLASSES[align]}"` : '';
      return `<${tag}${alignment}>${this.parser.parseInline(tokens)}</${tag}>\n`;
    },
    // Strikethrough as <s>, as the allow-list names it.
    del({ tokens }) {
      return `<s>${this.parser.parseInline(tokens)}</s>`;
    },
    // A task list's box as a character: form controls are not on the allow-list.
    checkbox({ checked }) {
      return checked ? '☑ ' : '☐ ';
    },
    // Only http(s) and mailto targets become links (javascript:, data:, vbscript:, file: stay text).
    link({ href, tokens }) {
      const text = this.parser.parseInline(tokens);
      return SAFE_LINK.test(href.trim()) ? `<a href="${escapeHtml(href.trim())}" rel="${LINK_REL}">${text}</a>` : text;
    },
    image({ href, text }) {
      const reference = IMAGE_REFERENCE.exec(href.trim());
      const url = reference ? imageUrlOfRender(Number(reference[1])) : null;
      const alt = escapeHtml(text);
      return url ? `<img src="${escapeHtml(url)}" alt="${alt}" loading="lazy" decoding="async">` : alt;
    },
  },
});

const ALLOWED: Record<string, string[]> = {
  ...Object.fromEntries(
    ['p', 'br', 'strong', 'em', 's', 'blockquote', 'ul', 'li', 'code', 'pre', 'hr']
      .concat(['h2', 'h3', 'h4', 'h5', 'h6', 'table', 'thead', 'tbody', 'tr'])
      .map((tag) => [tag, []]),
  ),
  a: ['href', 'rel'],
  img: ['src', 'alt', 'loading', 'decoding'],
  ol: ['start'],
  th: ['class'],
  td: ['class'],
};
// A CommonJS package whose helpers Node cannot import by name: its default export is the whole module.
const { FilterXSS, friendlyAttrValue } = xssModule as unknown as typeof Xss;
const IMAGE_SRC = /^(https?:|blob:)/i;
const ALIGN_CLASS_VALUES = new Set(Object.values(ALIGN_CLASSES));

/** An allowed attribute as it may appear, or null to drop it. Values are judged decoded, as the browser reads them. */
function allowedValue(name: string, value: string): string | null {
  const decoded = unescapeHtml(friendlyAttrValue(value)).trim();
  if (name === 'href') return SAFE_LINK.test(decoded) && !decoded.startsWith('//') ? decoded : null;
  if (name === 'src') return IMAGE_SRC.test(decoded) ? decoded : null;
  if (name === 'rel') return LINK_REL;
  if (name === 'class') return ALIGN_CLASS_VALUES.has(decoded) ? decoded : null;
  if (name === 'start') return /^\d{1,9}$/.test(decoded) ? decoded : null;
  if (name === 'loading') return decoded === 'lazy' ? decoded : null;
  if (name === 'decoding') return decoded === 'async' ? decoded : null;
  return decoded;
}

const sanitizer = new FilterXSS({
  whiteList: ALLOWED,
  css: false,
  onTagAttr(_tag, name, value, isWhiteAttr) {
    if (!isWhiteAttr) return '';
    const allowed = allowedValue(name, value);
    return allowed === null ? '' : `${name}="${escapeHtml(allowed)}"`;
  },
});

/** Tokens as HTML safe to put in the page. */
function renderTokens(tokens: Token[], options: RenderOptions): string {
  imageUrlOfRender = options.imageUrl;
  try {
    return sanitizer.process(markdown.parser(tokens));
  } finally {
    imageUrlOfRender = () => null;
  }
}

/** The body's tokens, or MarkdownTooComplexError past the bounds. */
function lex(body: string): Token[] {
  const problem = markdownProblem(body);
  if (problem) throw new MarkdownTooComplexError(problem);
  return markdown.lexer(body);
}

/** The body as HTML safe to put in the page; MarkdownTooComplexError past the bounds (bounds.ts). */
export function renderMarkdown(body: string, options: RenderOptions): string {
  return renderTokens(lex(body), options);
}

/**
 * The body as HTML and as plain text (markdownPlainText), lexed once: a
 * blog's page shows the one and describes itself with the other, and
 * lexing is most of what either costs. MarkdownTooComplexError past the bounds.
 */
export function renderMarkdownAndText(body: string, options: RenderOptions): { html: string; plainText: string } {
  const tokens = lex(body);
  // The words first: they are read from the tokens before the parser walks them.
  const plainText = plainTextOf(tokens);
  return { html: renderTokens(tokens, options), plainText };
}

/** The words of inline tokens: text and code, not link targets nor pictures. */
function inlineWords(tokens: readonly Token[]): string {
  return tokens
    .map((token) => {
      if (token.type === 'br') return ' ';
      if (token.type === 'image') return '';
      if ('tokens' in token && token.tokens) return inlineWords(token.tokens);
      return token.type === 'text' || token.type === 'escape' || token.type === 'codespan' ? (token as Tokens.Text).text : '';
    })
    .join('');
}

/** Each block's words, in order: paragraphs, headings, list items, quotes and table cells (not code blocks). */
function blockWords(tokens: readonly Token[], blocks: string[]): string[] {
  for (const token of tokens) {
    if (token.type === 'paragraph' || token.type === 'heading' || token.type === 'text') {
      blocks.push(inlineWords((token as Tokens.Paragraph).tokens));
    } else if (token.type === 'list') {
      for (const item of (token as Tokens.List).items) blockWords(item.tokens, blocks);
    } else if (token.type === 'blockquote') {
      blockWords((token as Tokens.Blockquote).tokens, blocks);
    } else if (token.type === 'table') {
      const table = token as Tokens.Table;
      for (const cell of [...table.header, ...table.rows.flat()]) blocks.push(inlineWords(cell.tokens));
    }
  }
  return blocks;
}

/** Tokens' words, one space between blocks (markdownPlainText). */
function plainTextOf(tokens: readonly Token[]): string {
  return blockWords(tokens, []).join(' ');
}

/**
 * The body's words without Markdown marks, links' targets or pictures, one
 * space between blocks: for teasers and page descriptions (escaped by
 * whoever shows them). Tokenises only, so a list of 200,000 teasers stays cheap.
 * MarkdownTooComplexError past the bounds.
 */
export function markdownPlainText(body: string): string {
  return plainTextOf(lex(body));
}
