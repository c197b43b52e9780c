/**
 * How far a blog body may nest and how much work it may ask of the
 * renderer, checked in one pass over the raw text before marked sees it.
 *
 * marked recurses once per block quote, list item and emphasis level, and a
 * few of its rules rescan the text ahead of them; a 20,000-character body
 * can nest 10,000 levels (a stack overflow) or ask for 10^8 steps (seconds).
 * So every function that renders a body (src/lib/markdown/render.ts) asks
 * `markdownProblem` first and refuses past these bounds, and the editor
 * refuses to save such a body, with the same Japanese message. The figures
 * and why they are safe: docs/decisions/bounded-markdown.md.
 *
 * The scan over-counts rather than under-counts: where it cannot know what
 * marked will make of the text (inside code, say), it counts as if it were
 * Markdown.
 */
import { BLOG_BODY_MAX } from '../blogs/limits';
import { containerPrefix } from './container-prefix';
import { ParagraphScan } from './inline-scan';

export const MARKDOWN_BOUNDS = {
  /** Block quotes and list items inside each other, on one line (a diary uses 1–4). */
  containerDepth: 8,
  /** Emphasis (`*` `_` `~` characters) open at once in a paragraph (`***太字の斜体***` is 3). */
  inlineDepth: 16,
  /** Characters marked's emphasis openers scan ahead, paragraph by paragraph, all told (opener-scans.ts). */
  emphasisWork: 1_000_000,
  /** `[` open at once in a paragraph. */
  bracketDepth: 32,
  /** Links, pictures, autolinks, bare URLs and e-mail addresses in the body. */
  links: 100,
  /** Uses of reference links (`[名前]`) × the longest line, when the body defines any: each use repeats its URL. */
  referenceWork: 200_000,
  /** Cells of its tables, counted as wide as their header (marked fills a short row up to it). */
  tableCells: 5_000,
  /** Symbols × length of the runs of half-width text without a space (inline-scan.ts, `symbolWork`). */
  symbolWork: 300_000,
  /** Lines × characters of each run of non-blank lines inside a list, all told. */
  listWork: 2_000_000,
} as const;

export type MarkdownProblemKind =
  | 'length'
  | 'container-depth'
  | 'inline-depth'
  | 'emphasis-work'
  | 'bracket-depth'
  | 'links'
  | 'references'
  | 'table-cells'
  | 'symbols'
  | 'list-lines';

/** Why a body is not rendered: what passed which bound, and where. */
export interface MarkdownProblem {
  kind: MarkdownProblemKind;
  /** The line (from 1) where the bound was passed; 0 for the body as a whole. */
  line: number;
  /** What is wrong and what to do, in Japanese (the editor shows it under the body and in the preview). */
  message: string;
}

/** Thrown instead of rendering a body past the bounds; the export quarantines the record. */
export class MarkdownTooComplexError extends Error {
  constructor(readonly problem: MarkdownProblem) {
    super(problem.message);
    this.name = 'MarkdownTooComplexError';
  }
}

const B = MARKDOWN_BOUNDS;

const problem = (kind: MarkdownProblemKind, line: number, message: string): MarkdownProblem => ({ kind, line, message });

/** A body's first problem, or null when it renders within the bounds. One pass (n log n at worst, for the opener scans). */
export function markdownProblem(body: string): MarkdownProblem | null {
  if (body.length > BLOG_BODY_MAX) {
    return problem('length', 0, `本文は ${BLOG_BODY_MAX} 文字までです（いま ${body.length} 文字）。`);
  }
  const lines = body.split(/\r\n|\r|\n/);
  let paragraph = new ParagraphScan();
  let links = 0;
  let symbols = 0;
  let closingBrackets = 0;
  let definitions = false;
  let longestLine = 0;
  let tableColumns = 0;
  let tableCells = 0;
  let inList = false;
  let afterBlank = false;
  // Block by block, then summed over the body: the quadratic work of one block, and of many.
  let listLines = 0;
  let listCharacters = 0;
  let listWorkBefore = 0;
  let emphasisWork = 0;
  let emphasisWorkBefore = 0;

  for (let index = 0; index < lines.length; index++) {
    const lineNumber = index + 1;
    const line = lines[index]!;
    const prefix = containerPrefix(line);
    if (prefix.depth > B.containerDepth) {
      return problem(
        'container-depth',
        lineNumber,
        `${lineNumber} 行目の引用（>）や箇条書きの入れ子が深すぎます（${prefix.depth} 段）。入れ子は ${B.containerDepth} 段までにしてください。`,
      );
    }
    longestLine = Math.max(longestLine, line.length);
    const content = line.slice(prefix.contentStart);
    if (content.trim() === '') {
      // A blank line ends the paragraph (emphasis and brackets start over) and a table.
      paragraph = new ParagraphScan();
      emphasisWorkBefore += emphasisWork;
      emphasisWork = 0;
      listWorkBefore += listLines * listCharacters;
      tableColumns = 0;
      afterBlank = true;
      listLines = 0;
      listCharacters = 0;
      continue;
    }

    // List items lex each line of their paragraphs with a rule that looks ahead to the paragraph's end.
    if (prefix.listMarker) inList = true;
    else if (afterBlank && !prefix.indented) inList = false;
    afterBlank = false;
    if (inList) {
      listLines++;
      listCharacters += line.length + 1;
      if (listWorkBefore + listLines * listCharacters > B.listWork) {
        return problem(
          'list-lines',
          lineNumber,
          `${lineNumber} 行目までの箇条書きに、空行をはさまずに続く行が多すぎます。ところどころに空行を入れてください。`,
        );
      }
    }

    // A delimiter row (`|---|:-:|`) makes a table of that many columns, down to the next blank line.
    tableColumns = delimiterRowColumns(content) || tableColumns;
    tableCells += tableColumns;
    if (tableCells > B.tableCells) {
      return problem(
        'table-cells',
        lineNumber,
        `${lineNumber} 行目までの表のマスが多すぎます（列の数 × 行の数で ${B.tableCells} マスまで）。表を分けるか、列を減らしてください。`,
      );
    }

    const scanned = paragraph.line(content);
    if (scanned.emphasisDepth > B.inlineDepth) {
      return problem(
        'inline-depth',
        lineNumber,
        `${lineNumber} 行目までに、強調の記号（* _ ~）が閉じられないまま ${B.inlineDepth} 個を超えて重なっています。記号を減らしてください。`,
      );
    }
    emphasisWork = scanned.emphasisWork;
    if (emphasisWorkBefore + emphasisWork > B.emphasisWork) {
      return problem(
        'emphasis-work',
        lineNumber,
        `${lineNumber} 行目までに、閉じられない強調の記号（* _ ~）が多すぎます。記号を減らすか、空行で段落を分けてください。`,
      );
    }
    if (scanned.bracketDepth > B.bracketDepth) {
      return problem(
        'bracket-depth',
        lineNumber,
        `${lineNumber} 行目の角かっこ [ ] の入れ子が深すぎます。入れ子は ${B.bracketDepth} 段までにしてください。`,
      );
    }
    symbols += scanned.symbolWork;
    if (symbols > B.symbolWork) {
      return problem(
        'symbols',
        lineNumber,
        `${lineNumber} 行目までに、空白をはさまずに長く続く半角の英数字・URL と、その中の記号（! * _ ~ \` ( ) など）が多すぎます。途中に空白か改行を入れてください。`,
      );
    }
    links += scanned.links;
    closingBrackets += scanned.closingBrackets;
    // A reference definition (`[名前]: URL`) can make every `[名前]` a link, so then every `]` counts.
    definitions ||= /^ {0,3}\[[^\]]+\]:/.test(content);
    if (links + (definitions ? closingBrackets : 0) > B.links) {
      return problem(
        'links',
        lineNumber,
        `リンク（URL・メールアドレス・画像を含む）が多すぎます（${lineNumber} 行目まで）。1 つの記事に ${B.links} 個までにしてください。`,
      );
    }
  }
  if (definitions && closingBrackets * longestLine > B.referenceWork) {
    return problem(
      'references',
      0,
      '参照リンク（[名前]: URL の形で定義したもの）が、長い行と一緒に何度も使われています。普通のリンク [文字](URL) に書き換えてください。',
    );
  }
  return null;
}

// Unambiguous (each run of spaces ends before a `|`, a `-` or the end), so no backtracking on a long line.
const DELIMITER_ROW = /^\|? *:?-+:? *(?:\| *:?-+:? *)*(?:\| *)?$/;

/** The columns of a table's delimiter row (`| --- | :-: |`), or 0 for any other line. */
function delimiterRowColumns(content: string): number {
  return DELIMITER_ROW.test(content) ? (content.match(/-+/g)?.length ?? 0) : 0;
}
