import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BADGE_TONES,
  BUTTON_SIZES,
  BUTTON_VARIANTS,
  NOTICE_TONES,
  TEXT_LINK_TONES,
  badgeClass,
  buttonClass,
  noticeClass,
  textLinkClass,
} from '../../src/lib/ui-parts';

/** The class names ui-parts.css lists for Tailwind (`@source inline("a-{b,c} d")`), braces expanded. */
function listedForTailwind(): Set<string> {
  const css = readFileSync('src/styles/ui-parts.css', 'utf8');
  const inline = /@source inline\(\s*(['"])([^'"]+)\1\s*\)/.exec(css)?.[2] ?? '';
  return new Set(
    inline.split(/\s+/).flatMap((word) => {
      const brace = /^(.*)\{([^}]*)\}(.*)$/.exec(word);
      return brace ? brace[2]!.split(',').map((part) => `${brace[1]}${part}${brace[3]}`) : [word];
    }),
  );
}

describe('the UI parts Tailwind is told about', () => {
  it('lists every class name the helpers compose from a variant or tone, so each one is generated', () => {
    const listed = listedForTailwind();
    const composed = [
      ...BUTTON_VARIANTS.flatMap((variant) => BUTTON_SIZES.map((size) => buttonClass({ variant, size }))),
      ...TEXT_LINK_TONES.map(textLinkClass),
      ...BADGE_TONES.map(badgeClass),
      ...NOTICE_TONES.map(noticeClass),
    ].flatMap((classes) => classes.split(' '));
    const parts = new Set(['btn', 'text-link', 'badge', 'notice']); // written literally in ui-parts.css's own names
    const missing = [...new Set(composed)].filter((name) => !parts.has(name) && !listed.has(name));
    expect(missing).toEqual([]);
  });
});
