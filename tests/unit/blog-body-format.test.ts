/**
 * The editor toolbar's edits (src/lib/blogs/body-format.ts): each writes
 * the Markdown the renderer turns into what the button says, leaves the
 * rest of the body alone, comes off again with a second tap, and keeps a
 * body inside the Markdown bounds.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BOLD_PLACEHOLDER,
  insertLink,
  linkAddress,
  toggleBold,
  toggleHeading,
  toggleList,
  type BodyEdit,
} from '../../src/lib/blogs/body-format';
import { markdownProblem } from '../../src/lib/markdown/bounds';
import { renderMarkdown } from '../../src/lib/markdown/render';

const html = (body: string) => renderMarkdown(body, { imageUrl: (slot) => `https://example.test/${slot}.webp` });
/** The text with its selection marked as [ and ], to read the cases at a glance. */
const shown = ({ text, start, end }: BodyEdit) => `${text.slice(0, start)}[${text.slice(start, end)}]${text.slice(end)}`;
/** Selects `part` of `text` and applies `edit`. */
const on = (text: string, part: string, edit: (text: string, start: number, end: number) => BodyEdit) => {
  const start = text.indexOf(part);
  return edit(text, start, start + part.length);
};
const at = (text: string, cursor: number, edit: (text: string, start: number, end: number) => BodyEdit) => edit(text, cursor, cursor);

describe('見出し', () => {
  it('makes the line of the cursor a heading, keeps the cursor in her words, and a second tap takes it off', () => {
    const once = at('はじめに\n今日の予定', 8, toggleHeading);
    expect(shown(once)).toBe('はじめに\n## 今日の[]予定');
    expect(html(once.text)).toContain('<h3>今日の予定</h3>');
    expect(shown(toggleHeading(once.text, once.start, once.end))).toBe('はじめに\n今日の[]予定');
  });

  it('on an empty line leaves the mark to type after, and replaces a bullet or another level', () => {
    expect(shown(at('本文\n\n', 4, toggleHeading))).toBe('本文\n\n## []');
    expect(shown(at('- 項目', 4, toggleHeading))).toBe('## 項目[]');
    expect(shown(at('#### 小見出し', 0, toggleHeading))).toBe('[]小見出し');
  });
});

describe('箇条書き', () => {
  it('makes every selected line a bullet, skipping blank lines, and a second tap takes them off', () => {
    const text = 'タオル\nオイル\n\nお水';
    const once = toggleList(text, 0, text.length);
    expect(shown(once)).toBe('[- タオル\n- オイル\n\n- お水]');
    expect(html(once.text).match(/<li>/g)).toHaveLength(3);
    expect(toggleList(once.text, once.start, once.end).text).toBe(text);
  });

  it('works after a paragraph with no blank line between', () => {
    const once = at('持ち物\nタオル', 6, toggleList);
    expect(html(once.text)).toMatch(/<p>持ち物<\/p>\s*<ul>\s*<li>タオル<\/li>/);
  });
});

describe('太字', () => {
  it('wraps the selection and renders it bold; a second tap takes it off', () => {
    const once = on('今日は限定です', '限定', toggleBold);
    expect(shown(once)).toBe('今日は[**限定**]です');
    expect(html(once.text)).toContain('<strong>限定</strong>');
    expect(shown(toggleBold(once.text, once.start, once.end))).toBe('今日は[限定]です');
  });

  it('keeps 「」, 。 and spaces outside the marks, where CommonMark would leave **「…」** as asterisks', () => {
    expect(html('今日は**「限定」**です')).not.toContain('<strong>');
    const once = on('今日は「限定」です', '「限定」', toggleBold);
    expect(once.text).toBe('今日は「**限定**」です');
    expect(html(once.text)).toContain('<strong>限定</strong>');
    expect(toggleBold(once.text, once.start, once.end).text).toBe('今日は「限定」です');
    expect(on('ご予約 お待ちしています。 ', ' お待ちしています。 ', toggleBold).text).toBe('ご予約 **お待ちしています**。 ');
  });

  it('with nothing selected, selects a placeholder to type over; inside **…** a tap unwraps', () => {
    const once = at('本文', 2, toggleBold);
    expect(shown(once)).toBe(`本文**[${BOLD_PLACEHOLDER}]**`);
    expect(shown(toggleBold(once.text, once.start, once.end))).toBe(`本文[${BOLD_PLACEHOLDER}]`);
  });

  it('bolds each line of a selection over several lines (a run cannot cross a line break)', () => {
    const once = toggleBold('一行目\n\n二行目', 0, 10);
    expect(once.text).toBe('**一行目**\n\n**二行目**');
    expect(html(once.text).match(/<strong>/g)).toHaveLength(2);
    expect(toggleBold(once.text, once.start, once.end).text).toBe('一行目\n\n二行目');
  });
});

describe('リンク', () => {
  it('accepts web addresses only, completing a bare domain', () => {
    expect(linkAddress(' https://example.com/menu ')).toBe('https://example.com/menu');
    expect(linkAddress('example.com')).toBe('https://example.com');
    for (const bad of ['', 'javascript:alert(1)', 'mailto:a@example.com', 'data:text/html,x', 'お店', 'https://例 え', 'localhost']) {
      expect(linkAddress(bad), bad).toBeNull();
    }
  });

  it('links the selected words (or the address itself) and puts the cursor after the link', () => {
    const once = on('詳しくはお店のサイトへ', 'お店のサイト', (text, start, end) => insertLink(text, start, end, 'https://example.com'));
    expect(shown(once)).toBe('詳しくは[お店のサイト](https://example.com)[]へ');
    expect(html(once.text)).toContain('<a href="https://example.com" rel="ugc nofollow noopener">お店のサイト</a>');
    expect(insertLink('', 0, 0, 'https://example.com').text).toBe('[https://example.com](https://example.com)');
  });

  it('keeps brackets in her words and parentheses or spaces in the address from ending the link early', () => {
    const edit = insertLink('', 0, 0, 'https://example.com/a (b)');
    const linked = on('[限定]メニュー', '[限定]メニュー', (text, start, end) => insertLink(text, start, end, 'https://example.com/a (b)'));
    expect(edit.text).toBe('[https://example.com/a (b)](https://example.com/a%20%28b%29)');
    expect(html(linked.text)).toContain('<a href="https://example.com/a%20%28b%29" rel="ugc nofollow noopener">[限定]メニュー</a>');
  });
});

// Plain diary text: Japanese, ASCII words, punctuation and line breaks, with a selection inside it.
const diary = fc
  .array(fc.constantFrom('今日', 'は', '「限定」', '。', '、', ' ', '\n', '\n\n', 'aroma', '50%', '！', '- ', '## ', '**'), {
    maxLength: 40,
  })
  .map((parts) => parts.join(''));
const withSelection = diary.chain((text) =>
  fc.tuple(fc.constant(text), fc.nat({ max: text.length }), fc.nat({ max: text.length })).map(([t, a, b]) => ({
    text: t,
    start: Math.min(a, b),
    end: Math.max(a, b),
  })),
);
type Edit = (text: string, start: number, end: number) => BodyEdit;
const EDITS: Record<string, Edit> = {
  見出し: toggleHeading,
  箇条書き: toggleList,
  太字: toggleBold,
  リンク: (text, start, end) => insertLink(text, start, end, 'https://example.com/(a)'),
};
const RUNS = { seed: 20_261_128, numRuns: 300 };

describe('every edit, generated (fast-check, seeded)', () => {
  it('leaves the body outside the lines it touches as it was, and returns a selection inside the new text', () => {
    fc.assert(
      fc.property(withSelection, fc.constantFrom(...Object.keys(EDITS)), ({ text, start, end }, name) => {
        const edit = EDITS[name]!(text, start, end);
        const lineStart = start === 0 ? 0 : text.lastIndexOf('\n', start - 1) + 1;
        // Line edits touch whole lines; 太字 and リンク the selection (and the ** right around it).
        const byLine = name === '見出し' || name === '箇条書き';
        const lastLine = text.indexOf('\n', byLine && end - 1 > start && text[end - 1] === '\n' ? end - 1 : end);
        const lineEnd = lastLine === -1 ? text.length : lastLine;
        expect(edit.text.startsWith(text.slice(0, lineStart))).toBe(true);
        expect(edit.text.endsWith(text.slice(lineEnd))).toBe(true);
        expect(0 <= edit.start && edit.start <= edit.end && edit.end <= edit.text.length).toBe(true);
      }),
      RUNS,
    );
  });

  it('見出し, 箇条書き and 太字 tapped twice on what the first tap selected give back plain lines', () => {
    const plain = fc
      .array(fc.constantFrom('今日', 'は', '「限定」', '。', 'aroma', '50%', '\n', '\n\n'), { minLength: 1, maxLength: 30 })
      .map((parts) => parts.join(''));
    fc.assert(
      fc.property(plain, fc.constantFrom('見出し', '箇条書き', '太字'), (text, name) => {
        const edit = EDITS[name]!;
        const once = edit(text, 0, text.length);
        expect(edit(once.text, once.start, once.end).text).toBe(text);
      }),
      RUNS,
    );
  });

  it('keep a body within the Markdown bounds, tap after tap', () => {
    fc.assert(
      fc.property(
        diary,
        fc.array(fc.tuple(fc.constantFrom(...Object.keys(EDITS)), fc.nat(), fc.nat()), { maxLength: 30 }),
        (start, taps) => {
          fc.pre(markdownProblem(start) === null);
          let text = start;
          for (const [name, a, b] of taps) {
            const from = a % (text.length + 1);
            const to = b % (text.length + 1);
            text = EDITS[name]!(text, Math.min(from, to), Math.max(from, to)).text;
          }
          expect(markdownProblem(text)).toBeNull();
        },
      ),
      RUNS,
    );
  });
});
