import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import { describe, expect, it } from 'vitest';
import { LINK_REL, markdownPlainText, renderMarkdown, renderMarkdownAndText } from '../../src/lib/markdown/render';
import { XSS_VECTORS } from '../fixtures/xss-vectors';

const STORAGE = 'https://firebasestorage.googleapis.com/v0/b/demo/o/blogs%2Fu1%2Fb1%2F0.webp?alt=media';
const options = { imageUrl: (index: number) => (index === 0 ? STORAGE : null) };

const ALLOWED: Record<string, string[]> = {
  p: [],
  br: [],
  strong: [],
  em: [],
  s: [],
  blockquote: [],
  ul: [],
  ol: ['start'],
  li: [],
  code: [],
  pre: [],
  hr: [],
  a: ['href', 'rel'],
  img: ['src', 'alt', 'loading', 'decoding'],
  h2: [],
  h3: [],
  h4: [],
  h5: [],
  h6: [],
  table: [],
  thead: [],
  tbody: [],
  tr: [],
  th: ['class'],
  td: ['class'],
};

function elements(nodes: ChildNode[]): Element[] {
  return nodes.flatMap((node) => ('name' in node ? [node as Element, ...elements((node as Element).children)] : []));
}

describe('the blog renderer', () => {
  it('demotes headings under the page h1', () => {
    expect(renderMarkdown('# 一\n## 二\n###### 六', options)).toBe('<h2>一</h2>\n<h3>二</h3>\n<h6>六</h6>\n');
  });
  it('marks every link ugc nofollow noopener, autolinks included', () => {
    const html = renderMarkdown('[店](https://example.com) と https://example.org と <mailto:a@example.com>', options);
    expect(html.match(/rel="ugc nofollow noopener"/g)).toHaveLength(3);
    expect(LINK_REL).toBe('ugc nofollow noopener');
  });
  it('shows her own uploaded picture by reference, and only the alt text of any other image', () => {
    expect(renderMarkdown('![笑顔](image:0)', options)).toContain(`<img src="${STORAGE.replace(/&/g, '&amp;')}" alt="笑顔"`);
    expect(renderMarkdown('![外](https://example.com/a.png) ![無](image:5)', options)).toBe('<p>外 無</p>\n');
  });
  it('keeps line breaks, lists, quotes, code and tables', () => {
    const html = renderMarkdown('一行目\n二行目\n\n- a\n\n> 引用\n\n`code`\n\n| a | b |\n|:-|-:|\n| 1 | 2 |', options);
    for (const part of [
      '<br>',
      '<li>a</li>',
      '<blockquote>',
      '<code>code</code>',
      '<th class="text-left">a</th>',
      '<td class="text-right">2</td>',
    ])
      expect(html).toContain(part);
  });
  it('escapes an ampersand in a URL once, as the browser must read it', () => {
    const html = renderMarkdown('[店](https://example.com/?a=1&b=2)', options);
    expect(html).toContain('href="https://example.com/?a=1&amp;b=2"');
  });
  it('shows strikethrough as <s> and a task list box as a character, not a form control', () => {
    expect(renderMarkdown('~~消~~', options)).toBe('<p><s>消</s></p>\n');
    expect(renderMarkdown('- [x] 済\n- [ ] 未', options)).toBe('<ul>\n<li>☑ 済</li>\n<li>☐ 未</li>\n</ul>\n');
  });
  it('gives a blog page the same HTML and plain text from one lexing as the two functions apart', () => {
    const body = '# 題\n\n- [x] 済\n- [ ] 未\n\n![笑顔](image:0) [店](https://example.com) **太字**\n\n| a | b |\n|-|-|\n| 1 | 2 |';
    expect(renderMarkdownAndText(body, options)).toEqual({ html: renderMarkdown(body, options), plainText: markdownPlainText(body) });
    expect(renderMarkdownAndText(body, options).plainText.replace(/\s+/g, ' ')).toBe('題 済 未 店 太字 a b 1 2');
  });
  it('escapes raw HTML as text', () => {
    expect(renderMarkdown('<b>太字</b>', options)).toBe('<p>&lt;b&gt;太字&lt;/b&gt;</p>\n');
  });
});

describe(`${XSS_VECTORS.length} hostile bodies`, () => {
  it('are at least 150', () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(150);
  });

  it.each(XSS_VECTORS)('$name: only allowed tags, attributes and URLs come out', ({ body }) => {
    const html = renderMarkdown(body, options);
    // The blog page's path (one lexing for the HTML and the description) gives the same HTML.
    expect(renderMarkdownAndText(body, options).html).toBe(html);
    for (const element of elements(parseDocument(html).children)) {
      expect(Object.keys(ALLOWED), html).toContain(element.name);
      for (const [name, value] of Object.entries(element.attribs)) {
        expect(ALLOWED[element.name], `${element.name}[${name}] in ${html}`).toContain(name);
        if (name === 'href') expect(value, html).toMatch(/^(https?:\/\/|mailto:)/i);
        if (name === 'src') expect(value, html).toBe(STORAGE);
        if (name === 'rel') expect(value).toBe(LINK_REL);
        if (name === 'class') expect(value).toMatch(/^text-(left|right|center)$/);
      }
    }
  });
});
