import type { ChildNode, Element } from 'domhandler';
import fc from 'fast-check';
import { DomUtils, parseDocument } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { generateSeed } from '../../scripts/seed/generate';
import { BLOG_BODY_MAX } from '../../src/lib/blogs/limits';
import { MARKDOWN_BOUNDS, markdownProblem, MarkdownTooComplexError, type MarkdownProblemKind } from '../../src/lib/markdown/bounds';
import { plainExcerpt } from '../../src/lib/markdown/excerpt';
import { markdownPlainText, renderMarkdown, renderMarkdownAndText } from '../../src/lib/markdown/render';
import { HOSTILE_BODIES } from '../fixtures/markdown-arbitraries';
import { REALISTIC_DIARIES } from '../fixtures/realistic-diaries';
import { XSS_VECTORS } from '../fixtures/xss-vectors';

const B = MARKDOWN_BOUNDS;
const options = { imageUrl: () => null };
const kindOf = (body: string) => markdownProblem(body)?.kind ?? null;
const nested = (markers: readonly string[], depth: number) =>
  Array.from({ length: depth }, (_, level) => markers[level % markers.length]).join('');

/** Each construct as a function of how far it goes, the last value that passes, and the problem one more makes. */
const EDGES: [string, (n: number) => string, number, MarkdownProblemKind][] = [
  ['block quotes `>>>`', (n) => `${'>'.repeat(n)} x`, B.containerDepth, 'container-depth'],
  ['block quotes `> > >`', (n) => `${'> '.repeat(n)}x`, B.containerDepth, 'container-depth'],
  ['bullets on one line `- - -`', (n) => `${'- '.repeat(n)}x`, B.containerDepth, 'container-depth'],
  ['ordered items on one line `1. 1.`', (n) => `${'1. '.repeat(n)}x`, B.containerDepth, 'container-depth'],
  ['quotes and lists in turn `> - > -`', (n) => `${nested(['> ', '- ', '2) ', '* '], n)}x`, B.containerDepth, 'container-depth'],
  [
    'a list nested by indentation',
    (n) => Array.from({ length: n }, (_, level) => `${'  '.repeat(level)}- x`).join('\n'),
    B.containerDepth,
    'container-depth',
  ],
  ['a run of `*` around a word', (n) => `${'*'.repeat(n)}x${'*'.repeat(n)}`, B.inlineDepth, 'inline-depth'],
  ['`*` nested with words between', (n) => `${'*a '.repeat(n)}x${' b*'.repeat(n)}`, B.inlineDepth, 'inline-depth'],
  ['`_` nested with words between', (n) => `${'_a '.repeat(n)}x${' b_'.repeat(n)}`, B.inlineDepth, 'inline-depth'],
  ['`~~` nested (two characters a level)', (n) => `${'~~a '.repeat(n)}x${' b~~'.repeat(n)}`, B.inlineDepth / 2, 'inline-depth'],
  ['`*` opened and never closed', (n) => '*a '.repeat(n), B.inlineDepth, 'inline-depth'],
  // Each `~` after a `*` opens and never closes (the `*` spans take its closers): every one scans to the end.
  ['`*` and `~` spans crossing `*~あ*い~う`', (n) => '*~あ*い~う'.repeat(n), 533, 'emphasis-work'],
  ['open brackets `[[[`', (n) => `${'['.repeat(n)}x`, B.bracketDepth, 'bracket-depth'],
  ['links', (n) => '[a](https://a.jp) '.repeat(n), B.links, 'links'],
  ['pictures', (n) => '![a](image:1) '.repeat(n), B.links, 'links'],
  ['autolinks', (n) => '<https://a.jp> '.repeat(n), B.links, 'links'],
  ['bare URLs', (n) => 'https://a.jp/x '.repeat(n), B.links, 'links'],
  ['e-mail addresses', (n) => 'a@b.jp '.repeat(n), B.links, 'links'],
  // n - 2 uses: their `]`, the definition's `]` and its URL make n.
  ['reference links', (n) => `${'[r] '.repeat(n - 2)}\n\n[r]: https://a.jp`, B.links, 'links'],
  // One run of n symbols: n stops × n characters (547² ≤ 300,000 < 548²).
  ['symbols in a half-width run `!!!`', (n) => '!'.repeat(n), 547, 'symbols'],
  // (n + 5) symbols × (n + 13) characters, and 5 for `https`.
  ['a URL ending in n brackets', (n) => `https://a.jp/${')'.repeat(n)}`, 538, 'symbols'],
  // (n + 1) lines × (2n + 4) characters.
  ['a list item with n more lines', (n) => `- x\n${'y\n'.repeat(n)}`, 998, 'list-lines'],
  // 2 columns: the delimiter row and n rows of 2 cells.
  ['table rows', (n) => `|a|b|\n|-|-|\n${'|c|d|\n'.repeat(n)}`, B.tableCells / 2 - 1, 'table-cells'],
  // 100 columns: each short row is filled up to them.
  [
    'short rows under a wide header',
    (n) => `${'|a'.repeat(100)}|\n${'|-'.repeat(100)}|\n${'x\n'.repeat(n)}`,
    B.tableCells / 100 - 1,
    'table-cells',
  ],
  ['the length', (n) => 'あ'.repeat(n), BLOG_BODY_MAX, 'length'],
];

describe('the Markdown bounds', () => {
  it.each(EDGES)('%s: passes up to the bound, refused one past it', (_name, body, last, kind) => {
    expect(markdownProblem(body(last))).toBeNull();
    expect(kindOf(body(last + 1))).toBe(kind);
  });

  it('refuses the reported attack (2,001 nested `>`) and says where, in Japanese', () => {
    expect(markdownProblem(`${'>'.repeat(2001)} x`)).toEqual({
      kind: 'container-depth',
      line: 1,
      message: '1 行目の引用（>）や箇条書きの入れ子が深すぎます（2001 段）。入れ子は 8 段までにしてください。',
    });
    const problem = markdownProblem(`はじめに\n\n- 一\n${'  '.repeat(9)}- 深い`);
    expect(problem?.line).toBe(4);
    expect(problem?.message).toContain('4 行目');
  });

  it('adds up the work of every paragraph and list: many under the bound make one over it', () => {
    const crossing = '*~あ*い~う'.repeat(400);
    expect(markdownProblem(crossing)).toBeNull();
    expect(kindOf(`${crossing}\n\n${crossing}`)).toBe('emphasis-work');
    const longItem = `- x\n${'y\n'.repeat(800)}`;
    expect(markdownProblem(longItem)).toBeNull();
    expect(kindOf(`${longItem}\nx\n\n${longItem}`)).toBe('list-lines');
  });

  it('refuses a reference used many times beside a long line (each use repeats its URL)', () => {
    expect(kindOf(`${'[r] '.repeat(40)}\n\n[r]: https://a.jp/${'a'.repeat(19_000)}`)).toBe('references');
    expect(markdownProblem(`${'[r] '.repeat(40)}\n\n[r]: https://a.jp/${'a'.repeat(4_000)}`)).toBeNull();
  });

  it('lets through what only looks like nesting: escapes, words with `_`, breaks, spaces after a marker', () => {
    expect(markdownProblem('\\*'.repeat(5000))).toBeNull();
    expect(markdownProblem(`${'\\['.repeat(100)}x`)).toBeNull();
    expect(markdownProblem('@miu_0312 と @aroma_resort_shinjuku '.repeat(200))).toBeNull();
    expect(markdownProblem('- - - - - - - - - - - -')).toBeNull();
    expect(markdownProblem(`-${' '.repeat(40)}x`)).toBeNull();
    expect(markdownProblem('12時~18時、20時~24時 (笑 '.repeat(300))).toBeNull();
  });

  it('takes a line of markers alone for a thematic break only where Markdown does (`- - -`, `* * *`, never `+ + +`)', () => {
    expect(markdownProblem('- '.repeat(20))).toBeNull();
    expect(markdownProblem('* '.repeat(20))).toBeNull();
    expect(kindOf('+ '.repeat(B.containerDepth + 1))).toBe('container-depth');
    expect(kindOf('+   '.repeat(B.containerDepth + 1))).toBe('container-depth');
  });

  it('counts a tab as four columns of indentation', () => {
    const tabbed = (depth: number) => Array.from({ length: depth }, (_, level) => `${'\t'.repeat(level)}- x`).join('\n');
    // A line at `level` tabs: its marker and two levels a tab.
    expect(markdownProblem(tabbed(4))).toBeNull();
    expect(kindOf(tabbed(5))).toBe('container-depth');
  });

  it.each(REALISTIC_DIARIES.map((diary) => [diary.name, diary.body]))('passes a realistic diary: %s', (_name, body) => {
    expect(markdownProblem(body)).toBeNull();
    expect(() => renderMarkdownAndText(body, options)).not.toThrow();
  });

  it("passes every diary of the demo seed and every XSS vector (they are the renderer's to neutralise)", () => {
    const diaries = generateSeed({ therapists: 200, today: '2026-11-22' }).filter((doc) => doc.path.startsWith('blogs/'));
    expect(diaries.length).toBeGreaterThan(500);
    expect(diaries.filter((doc) => markdownProblem(doc.data.body as string) !== null)).toEqual([]);
    expect(XSS_VECTORS.filter((vector) => markdownProblem(vector.body) !== null)).toEqual([]);
  });
});

describe('the renderer past the bounds', () => {
  const attack = `${'>'.repeat(2001)} x`;
  it.each([
    ['renderMarkdown', () => renderMarkdown(attack, options)],
    ['renderMarkdownAndText', () => renderMarkdownAndText(attack, options)],
    ['markdownPlainText', () => markdownPlainText(attack)],
    ['plainExcerpt (the teaser)', () => plainExcerpt(attack)],
  ])('%s throws MarkdownTooComplexError carrying the problem', (_name, render) => {
    let thrown: unknown;
    try {
      render();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(MarkdownTooComplexError);
    expect((thrown as MarkdownTooComplexError).problem).toEqual(markdownProblem(attack));
    expect((thrown as Error).message).toBe(markdownProblem(attack)?.message);
  });
});

const CONTAINERS = new Set(['blockquote', 'ul', 'ol']);
const INLINE = new Set(['strong', 'em', 's', 'a']);

/** How many elements named in `names` the deepest node sits inside. */
function depthIn(nodes: readonly ChildNode[], names: ReadonlySet<string>): number {
  let deepest = 0;
  for (const node of nodes) {
    if (!('name' in node)) continue;
    const element = node as Element;
    deepest = Math.max(deepest, (names.has(element.name) ? 1 : 0) + depthIn(element.children, names));
  }
  return deepest;
}

/**
 * CPU milliseconds `run` takes, the better of two runs (the test's fork only: vitest runs each
 * file in its own process): a garbage collection or a busy neighbour slows one run, never both
 * by much, while work that grows with the square of the body is slow every time.
 */
function cpuMilliseconds(run: () => void): number {
  const once = () => {
    const started = process.cpuUsage();
    run();
    const used = process.cpuUsage(started);
    return (used.user + used.system) / 1000;
  };
  return Math.min(once(), once());
}

// Bodies the bounds pass rendered in at most ~150 ms of CPU on a loaded 2-core machine; before the bounds,
// 20,000 characters took seconds (1 s for `!` × 20,000, 4–9 s for short rows under a wide table) or overflowed the stack.
const RENDER_BUDGET_MS = 300;
const CHECK_BUDGET_MS = 100;
// The page's HTML stays under half a megabyte: 20,000 characters of eight empty nested quotes make 430 KB.
const HTML_MAX = 25 * BLOG_BODY_MAX;

describe('hostile bodies, generated (fast-check, seeded)', () => {
  it.each(Object.entries(HOSTILE_BODIES))(
    '%s: refused by the check, or rendered without throwing, within the bounds and the time budget',
    (_family, bodies) => {
      fc.assert(
        fc.property(bodies, (body) => {
          expect(body.length).toBeLessThanOrEqual(BLOG_BODY_MAX);
          let problem: ReturnType<typeof markdownProblem> = null;
          expect(cpuMilliseconds(() => (problem = markdownProblem(body)))).toBeLessThan(CHECK_BUDGET_MS);
          if (problem) {
            expect(() => markdownPlainText(body)).toThrow(MarkdownTooComplexError);
            return;
          }
          let html = '';
          expect(cpuMilliseconds(() => (html = renderMarkdownAndText(body, options).html))).toBeLessThan(RENDER_BUDGET_MS);
          // What marked made is no deeper and has no more links than the scan counted (a link is one inline level more).
          const nodes = parseDocument(html).children;
          expect(depthIn(nodes, CONTAINERS)).toBeLessThanOrEqual(B.containerDepth);
          expect(depthIn(nodes, INLINE)).toBeLessThanOrEqual(B.inlineDepth + 1);
          expect(DomUtils.getElementsByTagName((name) => name === 'a' || name === 'img', nodes).length).toBeLessThanOrEqual(B.links);
          expect(html.length).toBeLessThanOrEqual(HTML_MAX);
        }),
        { seed: 20_261_128, numRuns: 200 },
      );
    },
    120_000,
  );
});
