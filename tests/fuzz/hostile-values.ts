/**
 * Hostile values for the cycle fuzzer (tests/integration/fuzz-cycle.test.ts):
 * fast-check arbitraries that stay within a field's limits (what the rules
 * accept) while carrying everything that has broken a pipeline somewhere:
 * path characters and dot segments, percent and backslash, control,
 * zero-width, bidi and full-width characters, markup, the longest allowed
 * strings, and Markdown nested as deep as a body allows.
 */
import fc from 'fast-check';

/** Characters and pieces that turn text into paths, markup or invisible tricks. */
export const HOSTILE_PIECES = [
  // Paths and URLs
  '/',
  '.',
  '..',
  '../',
  '\\',
  '%',
  '%2e',
  '%2F',
  '%00',
  '?',
  '#',
  '&',
  '=',
  ':',
  '//',
  'javascript:',
  // Control characters (C0, DEL, C1) and line breaks
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u001b',
  '\u001f',
  '\u007f',
  '\u0085',
  '\u009f',
  '\u2028',
  '\u2029',
  // Zero-width and invisible
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\u00ad',
  // Bidi controls
  '\u202a',
  '\u202b',
  '\u202d',
  '\u202e',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200e',
  '\u200f',
  '\u061c',
  // Full-width lookalikes and wide spaces
  '／',
  '．',
  '％',
  '＼',
  '＃',
  '？',
  '＜',
  '＞',
  '\u3000',
  '\u00a0',
  // Markup and templates
  '<',
  '>',
  '"',
  "'",
  '`',
  '<script>alert(1)</script>',
  '</title>',
  '<!--',
  '{{x}}',
  '${x}',
  '&amp;',
  '&#x3C;',
  // Text that is fine, to mix in
  'a',
  'Z',
  '0',
  'あ',
  '新宿',
  '😀',
  'e\u0301',
  '\u0363\u0364\u0365',
] as const;

/** A string of `min`..`max` UTF-16 units (as Firestore rules and zod count them), made of hostile pieces. */
export function hostileText(min: number, max: number): fc.Arbitrary<string> {
  const pieces = fc
    .array(fc.constantFrom(...HOSTILE_PIECES), { minLength: 1, maxLength: Math.max(1, Math.min(max, 40)) })
    .map((list) => list.join(''));
  const longest = fc.constantFrom(...HOSTILE_PIECES).map((piece) => fill(piece, max));
  return fc
    .oneof(
      { weight: 4, arbitrary: pieces },
      { weight: 1, arbitrary: longest },
      { weight: 1, arbitrary: fc.string({ minLength: min, maxLength: max }) },
    )
    .map((text) => fit(text, min, max));
}

/** `piece` repeated to exactly `length` units (cut on a code point boundary; padded with `a`). */
function fill(piece: string, length: number): string {
  let text = '';
  while (text.length + piece.length <= length) text += piece;
  return text.padEnd(length, 'a');
}

/** Cut to at most `max` units without splitting a surrogate pair, padded to `min` with `a`. */
function fit(text: string, min: number, max: number): string {
  let cut = text.slice(0, max);
  if (/[\ud800-\udbff]$/.test(cut)) cut = cut.slice(0, -1);
  return cut.padEnd(min, 'a');
}

/** Markdown nesting constructs, each repeatable to any depth. */
const NESTING: readonly [open: string, close: string][] = [
  ['>', ''],
  ['> ', ''],
  ['- ', ''],
  ['* ', ''],
  ['1. ', ''],
  ['  - ', ''],
  ['*', '*'],
  ['_', '_'],
  ['**', '**'],
  ['~~', '~~'],
  ['[', ']'],
  ['(', ')'],
  ['[a](', ')'],
  ['![', '](image:0)'],
  ['`', '`'],
  ['<', '>'],
  ['> - ', ''],
  ['- > ', ''],
];

/** A Markdown body of at most `max` characters: deep nesting of every construct, link floods, or hostile text. */
export function hostileMarkdown(max: number): fc.Arbitrary<string> {
  const nested = fc
    .tuple(fc.constantFrom(...NESTING), fc.integer({ min: 1, max: 20_000 }), hostileText(0, 20))
    .map(([[open, close], depth, inner]) => fit(open.repeat(depth) + inner + close.repeat(depth), 0, max));
  const mixed = fc
    .array(fc.tuple(fc.constantFrom(...NESTING), fc.integer({ min: 1, max: 400 })), { minLength: 2, maxLength: 8 })
    .map((levels) => fit(levels.map(([[open], depth]) => open.repeat(depth)).join('') + ' x', 0, max));
  const floods = fc
    .tuple(
      fc.constantFrom(
        '[a](https://example.com/a) ',
        '<https://example.com> ',
        'https://example.com ',
        '![x](image:1) ',
        '| a | b |\n|---|---|\n',
      ),
      fc.integer({ min: 1, max: 2_000 }),
    )
    .map(([piece, count]) => fit(piece.repeat(count), 0, max));
  const lines = fc.integer({ min: 1, max: 10_000 }).map((count) => fit('\n'.repeat(count), 0, max));
  return fc.oneof(nested, mixed, floods, lines, hostileText(0, Math.min(max, 2_000)));
}
