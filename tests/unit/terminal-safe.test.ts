import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { terminalSafe } from '../../scripts/lib/terminal-safe';

// eslint-disable-next-line no-control-regex -- matching control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;
const unsafeChar = fc.constantFrom('\u001b', '\u0007', '\r', '\n', '\u0000', '\u009b', '\u202e', '\u2066', '\u200f', '\u061c');

describe('terminalSafe', () => {
  it('leaves no control or bidirectional character in any line', () => {
    const line = fc.array(fc.oneof(fc.string({ unit: 'binary' }), unsafeChar)).map((parts) => parts.join(''));
    fc.assert(fc.property(line, (text) => !UNSAFE.test(terminalSafe(text))));
  });

  it('changes nothing in text without them (Japanese, emoji, spaces)', () => {
    const safe = fc.string({ unit: 'binary' }).filter((text) => !UNSAFE.test(text));
    fc.assert(fc.property(safe, (text) => terminalSafe(text) === text));
  });

  it('shows an escape sequence as its code', () => {
    expect(terminalSafe('申請\u001b[2Jです\u202e')).toBe('申請\\u001b[2Jです\\u202e');
  });
});
