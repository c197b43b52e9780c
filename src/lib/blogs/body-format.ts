/**
 * The editor toolbar's edits of a blog body (見出し, 太字, 箇条書き, リンク):
 * each takes the text and her selection and returns the new text and the
 * selection to show, so she never types Markdown herself. Pure; pictures
 * go in through body-images.ts.
 *
 * Everything outside the lines (or the selection) an edit touches is left
 * as it was, and pressing 見出し, 太字 or 箇条書き twice takes the mark off
 * again, so a tap by mistake is undone by a second tap.
 */

/** The body after an edit, and the selection to put back in the field. */
export interface BodyEdit {
  text: string;
  start: number;
  end: number;
}

/** The placeholder selected after 太字 with nothing selected: she types over it. */
export const BOLD_PLACEHOLDER = '太字';

const clamp = (text: string, at: number) => Math.max(0, Math.min(at, text.length));

/** The start and end of the lines [start, end) touches (a selection of more than a line break, ending at one, stops before it). */
function lineSpan(text: string, start: number, end: number): [number, number] {
  // lastIndexOf reads a negative position as 0, where a line break would be found.
  const from = start === 0 ? 0 : text.lastIndexOf('\n', start - 1) + 1;
  const last = end - 1 > start && text[end - 1] === '\n' ? end - 1 : end;
  const newline = text.indexOf('\n', last);
  return [from, newline === -1 ? text.length : newline];
}

interface LineMark {
  /** The mark a line has (any level of it), to take off. */
  has: RegExp;
  /** What a line may start with that this mark replaces (another heading level, a list marker). */
  replaces: RegExp;
  prefix: string;
}

const HEADING: LineMark = { has: /^#{1,6}[ \t]+/, replaces: /^(#{1,6}|[-*+]|\d{1,9}[.)])[ \t]+/, prefix: '## ' };
const LIST: LineMark = { has: /^[-*+][ \t]+/, replaces: /^(#{1,6}|[-*+])[ \t]+/, prefix: '- ' };

/** Puts `mark` on every line the selection touches, or takes it off when every non-empty one has it. */
function toggleLines(text: string, start: number, end: number, mark: LineMark): BodyEdit {
  const [from, to] = lineSpan(text, clamp(text, start), clamp(text, end));
  const lines = text.slice(from, to).split('\n');
  const filled = lines.filter((line) => line.trim() !== '');
  const off = filled.length > 0 && filled.every((line) => mark.has.test(line));
  const changed = lines.map((line) => {
    if (off) return line.replace(mark.has, '');
    // Blank lines between the chosen ones stay blank; a lone blank line gets the mark to type after.
    if (line.trim() === '' && lines.length > 1) return line;
    return mark.prefix + line.replace(mark.replaces, '');
  });
  const block = changed.join('\n');
  const result = text.slice(0, from) + block + text.slice(to);
  if (start === end && lines.length === 1) {
    // A cursor stays where it was in her words.
    const cursor = Math.max(from + (off ? 0 : mark.prefix.length), clamp(text, start) + block.length - (to - from));
    return { text: result, start: cursor, end: cursor };
  }
  return { text: result, start: from, end: from + block.length };
}

/** 見出し: the lines become headings (`## `), or plain lines again. */
export function toggleHeading(text: string, start: number, end: number): BodyEdit {
  return toggleLines(text, start, end, HEADING);
}

/** 箇条書き: each line becomes a bullet (`- `), or plain again. */
export function toggleList(text: string, start: number, end: number): BodyEdit {
  return toggleLines(text, start, end, LIST);
}

/**
 * Punctuation, symbols and spaces at the edges of a bold run: CommonMark
 * does not open `**` before 「 or close it after 」 or 。 when a letter
 * follows, so `**「限定」**です` would stay asterisks. They go outside the
 * marks instead: `「**限定**」です`.
 */
const EDGE = /^[\p{P}\p{S}\s]*([\s\S]*?)[\p{P}\p{S}\s]*$/u;

/** A line bold as boldLine leaves it: `**…**`, with only punctuation, symbols or spaces outside the marks. */
const BOLD_LINE = /^([\p{P}\p{S}\s]*?)\*\*((?:(?!\*\*)[^\n])*[^*\s])\*\*([\p{P}\p{S}\s]*)$/u;

function boldLine(line: string): string {
  const core = EDGE.exec(line)?.[1] ?? '';
  if (core === '' || BOLD_LINE.test(line)) return line;
  const lead = line.indexOf(core);
  return `${line.slice(0, lead)}**${core}**${line.slice(lead + core.length)}`;
}

/**
 * 太字: each line of the selection in `**`; a second tap takes the marks
 * off (the selection is bold, or sits right inside `**…**`); with nothing
 * selected, a placeholder to type over.
 */
export function toggleBold(text: string, start: number, end: number): BodyEdit {
  const from = clamp(text, Math.min(start, end));
  const to = clamp(text, Math.max(start, end));
  const before = text.slice(0, from);
  const selected = text.slice(from, to);
  const after = text.slice(to);
  if (selected === '') {
    const inserted = `**${BOLD_PLACEHOLDER}**`;
    return { text: before + inserted + after, start: from + 2, end: from + 2 + BOLD_PLACEHOLDER.length };
  }
  if (before.endsWith('**') && after.startsWith('**') && !selected.includes('\n')) {
    return { text: before.slice(0, -2) + selected + after.slice(2), start: from - 2, end: to - 2 };
  }
  const lines = selected.split('\n');
  // Lines of punctuation alone cannot be bold, so they do not count.
  const filled = lines.filter((line) => (EDGE.exec(line)?.[1] ?? '') !== '');
  const off = filled.length > 0 && filled.every((line) => BOLD_LINE.test(line));
  const changed = lines.map((line) => (off ? line.replace(BOLD_LINE, '$1$2$3') : boldLine(line))).join('\n');
  return { text: before + changed + after, start: from, end: from + changed.length };
}

/**
 * The address she typed for a link, made whole (`example.com` gains
 * `https://`), or null when it is not a web address: the page links only
 * to http(s) (src/lib/markdown/render.ts).
 */
export function linkAddress(input: string): string | null {
  const typed = input.trim();
  if (typed === '' || /\s/.test(typed)) return null;
  const withScheme = /^[a-z][a-z0-9+.-]*:/i.test(typed) ? typed : `https://${typed}`;
  try {
    const url = new URL(withScheme);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.') ? withScheme : null;
  } catch {
    return null;
  }
}

/** リンク: the selection (or the address itself) as the words of a link to `address` (from linkAddress); the cursor after it. */
export function insertLink(text: string, start: number, end: number, address: string): BodyEdit {
  const from = clamp(text, Math.min(start, end));
  const to = clamp(text, Math.max(start, end));
  const words = text.slice(from, to).replace(/\s+/g, ' ').trim() || address;
  // Brackets and backslashes in her words would end the link text early.
  const label = words.replace(/[[\]\\]/g, (character) => `\\${character}`);
  // Spaces, parentheses and angle brackets would end the address early.
  const target = address.replace(/[ ()<>]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  const link = `[${label}](${target})`;
  const cursor = from + link.length;
  return { text: text.slice(0, from) + link + text.slice(to), start: cursor, end: cursor };
}
