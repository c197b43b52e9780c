/**
 * Text that clients wrote, made safe to print in the operator's terminal:
 * control characters (an escape sequence can clear the screen, recolour or
 * rewrite earlier lines) and bidirectional controls (which reorder what is
 * shown, so an id could read as another) appear as their code, `\u001b`
 * say, instead of acting. Everything else is left as it is.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

export function terminalSafe(line: string): string {
  return line.replace(UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
