/**
 * Blog bodies: Markdown to sanitised HTML, the same function for the
 * editor's live preview and the static /blog/{id} page, so what she sees
 * is what is published.
 *
 * Two layers. markdown-it parses with raw HTML off, accepts only http(s)
 * and mailto link targets, demotes headings under the page's h1 and marks
 * links rel="ugc nofollow noopener". Images are never URLs she types: a
 * body names its own pictures as `![説明](image:N)` (the Nth of the blog's
 * uploaded images), and the caller resolves N to the project's Storage
 * URL; any other image becomes its alt text. Then js-xss keeps only an
 * allow-list of tags and attributes, whatever the first layer let through
 * (any other tag is escaped as text), and checks every URL again. It
 * tokenises with no DOM and no entity tables, so the editor's preview
 * stays light.
 */
import MarkdownIt from 'markdown-it';
import xssModule from 'xss';
import type * as Xss from 'xss';

export interface RenderOptions {
  /** The URL of the blog's Nth picture (Storage, or a local preview), or null when there is none. */
  imageUrl: (index: number) => string | null;
}

/** The reference a body uses for its Nth picture. */
export const IMAGE_REFERENCE = /^image:(\d{1,2})$/;
export const LINK_REL = 'ugc nofollow noopener';

const SAFE_LINK = /^(https?:|mailto:)/i;

// xhtmlOut: void elements end in " />" (js-xss keeps a tag's closing slash as it finds it).
const markdown = new MarkdownIt({ html: false, xhtmlOut: true, linkify: true, breaks: true, typographer: false });
// Only http(s) and mailto targets become links (javascript:, data:, vbscript:, file: stay text).
markdown.validateLink = (url) => SAFE_LINK.test(url.trim()) || IMAGE_REFERENCE.test(url.trim());

markdown.renderer.rules.heading_open = (tokens, index, options, _env, self) => {
  const token = tokens[index]!;
  const level = Math.min(6, Number(token.tag.slice(1)) + 1);
  token.tag = `h${level}`;
  return self.renderToken(tokens, index, options);
};
// The closing tag follows its opening one.
markdown.renderer.rules.heading_close = (tokens, index, options, _env, self) => {
  const token = tokens[index]!;
  token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + 1)}`;
  return self.renderToken(tokens, index, options);
};

// A table column's alignment as a class rather than a style attribute (the sanitiser allows no style).
const ALIGN_CLASSES: Record<string, string> = { left: 'text-left', right: 'text-right', center: 'text-center' };
for (const rule of ['th_open', 'td_open'] as const) {
  markdown.renderer.rules[rule] = (tokens, index, options, _env, self) => {
    const token = tokens[index]!;
    const align = /text-align:(left|right|center)/.exec(String(token.attrGet('style') ?? ''))?.[1];
    token.attrs = (token.attrs ?? []).filter(([name]) => name !== 'style');
    if (align) token.attrJoin('class', ALIGN_CLASSES[align]!);
    return self.renderToken(tokens, index, options);
  };
}

markdown.renderer.rules.image = (tokens, index, _options, env) => {
  const { imageUrl } = env as unknown as RenderOptions;
  const token = tokens[index]!;
  const alt = markdown.utils.escapeHtml(token.content);
  const reference = IMAGE_REFERENCE.exec(String(token.attrGet('src') ?? ''));
  const url = reference ? imageUrl(Number(reference[1])) : null;
  if (!url) return alt;
  return `<img src="${markdown.utils.escapeHtml(url)}" alt="${alt}" loading="lazy" decoding="async">`;
};

markdown.renderer.rules.link_open = (tokens, index, options, _env, self) => {
  tokens[index]!.attrSet('rel', LINK_REL);
  return self.renderToken(tokens, index, options);
};

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
  const decoded = friendlyAttrValue(value).trim();
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
    return allowed === null ? '' : `${name}="${markdown.utils.escapeHtml(allowed)}"`;
  },
});

/** The body as HTML safe to put in the page. */
export function renderMarkdown(body: string, options: RenderOptions): string {
  return sanitizer.process(markdown.render(body, { imageUrl: options.imageUrl }));
}

/**
 * The body's words without Markdown marks, links' targets or pictures, one
 * space between blocks: for teasers and page descriptions (escaped by
 * whoever shows them). Parses only, so a list of 200,000 teasers stays cheap.
 */
export function markdownPlainText(body: string): string {
  const blocks: string[] = [];
  for (const token of markdown.parse(body, {})) {
    if (token.type !== 'inline') continue;
    const words = (token.children ?? []).map((child) =>
      child.type === 'text' || child.type === 'code_inline' ? child.content : child.type.endsWith('break') ? ' ' : '',
    );
    blocks.push(words.join(''));
  }
  return blocks.join(' ');
}
