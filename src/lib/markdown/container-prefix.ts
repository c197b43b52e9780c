/**
 * The block quote and list markers at the start of a line, for the bounds
 * (bounds.ts): how deep the line may be nested, where its text starts, and
 * whether it starts a list item.
 *
 * Only a marker opens a block quote or a list item, so a line nests at
 * most as deep as its own markers plus the list levels its indentation can
 * continue (a nested list item is indented at least two columns more than
 * its parent). Tabs count as four columns and a line that is a thematic
 * break (`- - -`) holds no list: both as marked reads them, or more.
 */

export interface ContainerPrefix {
  /** Levels of block quotes and list items this line may be inside (0 for a line without a marker). */
  depth: number;
  /** Where its text starts, after the markers and the white space around them. */
  contentStart: number;
  /** It has a list marker (`-`, `+`, `*`, `1.`, `1)`). */
  listMarker: boolean;
  /** White space before its text (beyond the one space a marker takes): it can continue a list item. */
  indented: boolean;
}

const ORDERED_MARKER = /^\d{1,9}[.)](?=[\t ]|$)/;

const endsMarker = (character: string | undefined) => character === undefined || character === ' ' || character === '\t';

/**
 * Whether the rest of `line` from `start` (a `-` or `*`) is a thematic break:
 * three or more of that character and nothing but spaces and tabs. Worked
 * out once a line (how many it holds, and the last other character), so
 * a line of ten thousand `- ` stays one pass.
 */
function thematicBreaks(line: string): (start: number) => boolean {
  const shapes = new Map<string, { count: number; lastOther: number }>();
  const shapeOf = (character: string) => {
    let shape = shapes.get(character);
    if (!shape) {
      shape = { count: 0, lastOther: -1 };
      for (let index = 0; index < line.length; index++) {
        if (line[index] === character) shape.count++;
        else if (line[index] !== ' ' && line[index] !== '\t') shape.lastOther = index;
      }
      shapes.set(character, shape);
    }
    return shape;
  };
  // How many of each were passed already (markers before `start`).
  const passed = new Map<string, number>();
  return (start) => {
    const character = line[start]!;
    const shape = shapeOf(character);
    const before = passed.get(character) ?? 0;
    passed.set(character, before + 1);
    return shape.lastOther < start && shape.count - before >= 3;
  };
}

/** The markers at the start of `line` (one line, no line break). */
export function containerPrefix(line: string): ContainerPrefix {
  let position = 0;
  let markers = 0;
  let columns = 0;
  let listMarker = false;
  // White space after the last marker opens nothing: only what comes before a marker counts.
  let columnsBeforeMarker = 0;
  // Worked out at the first `-` or `*` marker: most lines have none.
  let isThematicBreak: ((start: number) => boolean) | undefined;
  for (;;) {
    for (; position < line.length; position++) {
      if (line[position] === ' ') columns += 1;
      else if (line[position] === '\t') columns += 4;
      else break;
    }
    const character = line[position];
    let width = 0;
    if (character === '>') {
      width = 1;
    } else if ((character === '-' || character === '+' || character === '*') && endsMarker(line[position + 1])) {
      if (character !== '+' && (isThematicBreak ??= thematicBreaks(line))(position)) break;
      width = 1;
      listMarker = true;
    } else if (character !== undefined && character >= '0' && character <= '9') {
      width = ORDERED_MARKER.exec(line.slice(position, position + 11))?.[0].length ?? 0;
      listMarker ||= width > 0;
    }
    if (width === 0) break;
    markers++;
    columnsBeforeMarker = columns;
    position += width;
    // The one space after a marker belongs to the marker.
    if (line[position] === ' ') position++;
  }
  return {
    depth: markers + Math.floor(columnsBeforeMarker / 2),
    contentStart: position,
    listMarker,
    indented: columns > 0,
  };
}
