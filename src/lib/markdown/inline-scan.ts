/**
 * One paragraph's text, line by line, as the bounds (bounds.ts) measure it:
 * how many emphasis characters and `[` are open at once, how many links
 * it holds, and the work its half-width runs ask of marked.
 *
 * Emphasis is followed with one stack per delimiter (`*`, `_`, `~`), as
 * marked pairs them: a run that can close takes characters off the stack
 * of its own kind, a run that can open puts its characters on. Where
 * marked might not pair (the "rule of 3", a neighbour that is punctuation
 * to one of its rules and not to another), the scan keeps the characters
 * open, so it never counts fewer open than marked nests.
 *
 * It also adds up how far marked's openers scan ahead for their closers
 * (opener-scans.ts).
 */
import { OpenerScans } from './opener-scans';

export interface LineScan {
  /** Emphasis characters open at once, at most, so far in the paragraph. */
  emphasisDepth: number;
  /** Characters marked's emphasis openers scan, so far in the paragraph (OpenerScans). */
  emphasisWork: number;
  /** `[` open at once, at most, so far in the paragraph. */
  bracketDepth: number;
  /** This line's links: `](`, `][`, autolinks, bare URLs and e-mail addresses. */
  links: number;
  /** This line's `]` (each a link when the body defines references). */
  closingBrackets: number;
  /** This line's symbol work (symbolWork). */
  symbolWork: number;
}

type Delimiter = '*' | '_' | '~';
interface Opener {
  /** Its characters not yet closed. */
  open: number;
  /** The whole run's length (the rule of 3 looks at it). */
  run: number;
}

const WHITE_SPACE = /\s/u;
const PUNCTUATION = /[\p{P}\p{S}]/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
// marked's GFM emphasis rules do not count `~` as punctuation; its strikethrough rules do.
const punctuationWithTilde = (character: string) => PUNCTUATION.test(character);
const punctuationWithoutTilde = (character: string) => character !== '~' && PUNCTUATION.test(character);
const isSpace = (character: string) => character === '' || WHITE_SPACE.test(character);

interface Flanking {
  left: boolean;
  right: boolean;
}

/** CommonMark's flanking of a delimiter run between `before` and `after` ('' at the line's ends). */
function flanking(before: string, after: string, isPunctuation: (character: string) => boolean): Flanking {
  return {
    left: !isSpace(after) && (!isPunctuation(after) || isSpace(before) || isPunctuation(before)),
    right: !isSpace(before) && (!isPunctuation(before) || isSpace(after) || isPunctuation(after)),
  };
}

/** The code point before `index` and the one at `index` (whole surrogate pairs), '' past the ends. */
const codePointBefore = (text: string, index: number) =>
  index <= 0 ? '' : String.fromCodePoint(text.codePointAt(index >= 2 && /[\uDC00-\uDFFF]/.test(text[index - 1]!) ? index - 2 : index - 1)!);
const codePointAt = (text: string, index: number) => (index >= text.length ? '' : String.fromCodePoint(text.codePointAt(index)!));

/** A paragraph being scanned; `line` takes its lines in order (their text after the container markers). */
export class ParagraphScan {
  private readonly stacks: Record<Delimiter, Opener[]> = { '*': [], _: [], '~': [] };
  private openCharacters = 0;
  private emphasisDepth = 0;
  /** `*` and `_` by opener length modulo 3 (the rule of 3 skips closers per class); `~` and `~~` apart (each closes only its own length). */
  private readonly scans = {
    '*': [new OpenerScans(), new OpenerScans(), new OpenerScans()],
    _: [new OpenerScans(), new OpenerScans(), new OpenerScans()],
    '~': [new OpenerScans(), new OpenerScans()],
  };
  /** Where this line starts in the paragraph. */
  private offset = 0;
  private brackets = 0;
  private bracketDepth = 0;

  line(text: string): LineScan {
    let links = 0;
    let closingBrackets = 0;
    for (let index = 0; index < text.length;) {
      // Most characters (all of Japanese text) are none the scan acts on: the pattern finds the next one.
      SCANNED.lastIndex = index;
      if (!SCANNED.test(text)) break;
      index = SCANNED.lastIndex - 1;
      const character = text[index]!;
      // An escaped character (`\*`, `\[`) is text to marked, never a delimiter.
      if (character === '\\' && PUNCTUATION.test(codePointAt(text, index + 1))) {
        index += 1 + codePointAt(text, index + 1).length;
        continue;
      }
      if (character === '*' || character === '_' || character === '~') {
        let end = index;
        while (text[end] === character) end++;
        this.delimiterRun(character, end - index, this.offset + index, codePointBefore(text, index), codePointAt(text, end));
        index = end;
        continue;
      }
      if (character === '[') {
        this.bracketDepth = Math.max(this.bracketDepth, ++this.brackets);
      } else if (character === ']') {
        this.brackets = Math.max(0, this.brackets - 1);
        closingBrackets++;
        if (text[index + 1] === '(' || text[index + 1] === '[') links++;
      } else if (character === '<') {
        AUTOLINK.lastIndex = index;
        if (AUTOLINK.test(text)) links++;
      } else if (character === '@') {
        if (EMAIL_CHARACTER.test(text[index - 1] ?? '') && EMAIL_CHARACTER.test(text[index + 1] ?? '')) links++;
      }
      index++;
    }
    const symbols = symbolWork(text);
    this.offset += text.length + 1;
    let emphasisWork = 0;
    for (const family of Object.values(this.scans)) for (const scans of family) emphasisWork += scans.costAt(this.offset);
    return {
      emphasisDepth: this.emphasisDepth,
      emphasisWork,
      bracketDepth: this.bracketDepth,
      links: links + symbols.urls,
      closingBrackets,
      symbolWork: symbols.work,
    };
  }

  private delimiterRun(delimiter: Delimiter, length: number, position: number, before: string, after: string) {
    const full = flanking(before, after, punctuationWithTilde);
    const gfm = flanking(before, after, punctuationWithoutTilde);
    // Open when either reading of punctuation lets it open; close only when both let it close.
    let canOpen = full.left || gfm.left;
    let canClose = full.right && gfm.right;
    if (delimiter === '_') {
      // An underscore inside a word neither opens nor closes (`miu_0312`).
      canOpen &&= !LETTER_OR_DIGIT.test(before);
      canClose &&= (!full.left || punctuationWithTilde(after)) && (!gfm.left || punctuationWithoutTilde(after));
    }
    this.countScans(delimiter, length, position, canOpen, canClose);
    const stack = this.stacks[delimiter];
    let left = length;
    while (canClose && left > 0 && stack.length > 0) {
      const top = stack[stack.length - 1]!;
      // The rule of 3 may make marked pass over this closer: then it stays open (and opens, if it can).
      if (top.run % 3 !== 0 && (top.run + length) % 3 === 0) break;
      const used = Math.min(left, top.open);
      top.open -= used;
      left -= used;
      this.openCharacters -= used;
      if (top.open === 0) stack.pop();
    }
    if (canOpen && left > 0) {
      stack.push({ open: left, run: length });
      this.openCharacters += left;
      this.emphasisDepth = Math.max(this.emphasisDepth, this.openCharacters);
    }
  }

  /** The run as marked's opener scans see it: closing the pending ones, counting them up, starting its own. */
  private countScans(delimiter: Delimiter, length: number, position: number, canOpen: boolean, canClose: boolean) {
    if (delimiter === '~') {
      // Only `~` and `~~` are strikethrough; a longer run is text.
      const scans = this.scans['~'][length - 1];
      if (!scans) return;
      if (canClose) scans.down(length, position);
      else if (canOpen) scans.up(length);
      if (canOpen) scans.open(length, position, 1);
      return;
    }
    this.scans[delimiter].forEach((scans, lengthClass) => {
      // The rule of 3: an opener whose length is not a multiple of 3 passes over a closer that makes the sum one.
      if (canClose && !(lengthClass !== 0 && (lengthClass + length) % 3 === 0)) scans.down(length, position);
      else if (canOpen && !canClose) scans.up(length);
    });
    // A run that finds no closer is text one character at a time, and marked tries an opener again at each.
    if (canOpen) {
      for (let taken = 0; taken < length; taken++) this.scans[delimiter][(length - taken) % 3]!.open(length - taken, position + taken, 1);
    }
  }
}

/** What ParagraphScan.line acts on: escapes, emphasis, brackets, autolinks and e-mail addresses. */
const SCANNED = /[\\*_~[\]<@]/g;

const AUTOLINK = /<(?:[a-zA-Z][a-zA-Z0-9+.-]{1,31}:[^\s<>]*|[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[^\s<>]*)>/y;
const EMAIL_CHARACTER = /[A-Za-z0-9._+-]/;
/** Where a bare URL starts (marked's GFM `url` rule; its `www.` needs no space before it here). */
const URL_STARTS = /https?:\/\/|ftp:\/\/|www\.|mailto:|xmpp:/gi;
/** The runs marked's e-mail rules run over: its text rule looks ahead over such a run at every token inside it. */
const EMAIL_RUNS = /[A-Za-z0-9.!#$%&'*+/=?_`{|}~-]+/g;
/** Where marked's text rule stops inside such a run (each stop is a token that looks ahead again). */
const TEXT_STOP = /[!`*~_]|http|ftp|www/iy;
const ASCII_PUNCTUATION = /[!-/:-@[-`{-~]/;

/**
 * The work of a line's half-width runs, as marked does it, and its bare
 * URLs. marked's text rule looks ahead over a run of e-mail characters at
 * each token inside it (so: stops × run length), and its URL rule trims
 * trailing punctuation and brackets one character at a time, rereading the
 * URL each time (so: symbols × URL length; a URL runs to white space or `<`).
 */
export function symbolWork(text: string): { work: number; urls: number } {
  let work = 0;
  let urls = 0;
  // The patterns find the runs and the URLs' starts: a line of Japanese text has few or none.
  for (const run of text.matchAll(EMAIL_RUNS)) {
    let stops = 0;
    for (let index = run.index; index < run.index + run[0].length; index++) {
      TEXT_STOP.lastIndex = index;
      if (TEXT_STOP.test(text)) stops++;
    }
    work += stops * run[0].length;
  }
  // Every URL start is a link (marked cuts a URL at an unbalanced `(` and starts again), but a run is measured once.
  let measuredTo = 0;
  URL_STARTS.lastIndex = 0;
  for (let found = URL_STARTS.exec(text); found; found = URL_STARTS.exec(text)) {
    const index = found.index;
    // The next start may lie inside this one (`www.` after `https://`): every position is tried.
    URL_STARTS.lastIndex = index + 1;
    // A link's target (`](https://…`, `<https://…>`) is that link, counted already; `www.` after `//` is this URL's.
    const target = text[index - 1] === '<' || (text[index - 1] === '(' && text[index - 2] === ']');
    const hostOfThisUrl = text[index - 1] === '/' && text[index - 2] === '/' && /w/i.test(text[index]!);
    if (!target && !hostOfThisUrl) urls++;
    if (index < measuredTo) continue;
    let end = index;
    let symbols = 0;
    for (; end < text.length && text[end] !== '<' && !WHITE_SPACE.test(text[end]!); end++) {
      if (ASCII_PUNCTUATION.test(text[end]!)) symbols++;
    }
    work += symbols * (end - index);
    measuredTo = end;
  }
  return { work, urls };
}
