import { describe, expect, it } from 'vitest';
import { imageReference, insertAt, nextImageSlot, referencedSlots, removeImageReferences } from '../../src/lib/blogs/body-images';
import { IMAGE_REFERENCE, renderMarkdown } from '../../src/lib/markdown/render';

describe('nextImageSlot', () => {
  it('takes the lowest slot neither the form nor the stored blog uses', () => {
    expect(nextImageSlot([], [])).toBe(0);
    expect(nextImageSlot([0, 1], [0, 1])).toBe(2);
    // Slot 1 was removed in the form but the public page still shows it until she saves.
    expect(nextImageSlot([0], [0, 1])).toBe(2);
  });

  it('falls back to a slot only the stored blog uses, and stops at 10', () => {
    const all = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    expect(
      nextImageSlot(
        all.filter((slot) => slot !== 4),
        all,
      ),
    ).toBe(4);
    expect(nextImageSlot(all, [])).toBeNull();
    expect(nextImageSlot([0, 1, 2], [], 4)).toBe(3);
  });
});

describe('image references', () => {
  it('are what the renderer resolves', () => {
    expect(imageReference(3)).toBe('![](image:3)');
    expect(imageReference(0, '笑顔[1]')).toBe('![笑顔1](image:0)');
    expect(IMAGE_REFERENCE.test('image:3')).toBe(true);
    const html = renderMarkdown(imageReference(3, '笑顔'), { imageUrl: (slot) => (slot === 3 ? 'blob:http://127.0.0.1/x' : null) });
    expect(html).toContain('<img src="blob:http://127.0.0.1/x" alt="笑顔"');
  });

  it('go in on a line of their own at the cursor, and the cursor follows', () => {
    expect(insertAt('', 0, 0, '![](image:0)')).toEqual({ body: '![](image:0)\n', cursor: 13 });
    expect(insertAt('前\n後', 1, 1, 'X')).toEqual({ body: '前\n\nX\n\n後', cursor: 5 });
    expect(insertAt('前\n\n後', 3, 3, 'X')).toEqual({ body: '前\n\nX\n\n後', cursor: 6 });
    expect(insertAt('本文', 2, 2, 'X')).toEqual({ body: '本文\n\nX\n', cursor: 6 });
    // A selection is replaced.
    expect(insertAt('あいう', 1, 2, 'X').body).toBe('あ\n\nX\n\nう');
    // Out-of-range positions are clamped.
    expect(insertAt('あ', 9, 12, 'X').body).toBe('あ\n\nX\n');
  });

  it('come out with their picture, and are listed in order of use', () => {
    const body = '一\n![a](image:1)\n二 ![b]( image:1 ) 三\n![c](image:10)\n![d](image:2)';
    expect(removeImageReferences(body, 1)).toBe('一\n二 三\n![c](image:10)\n![d](image:2)');
    expect(referencedSlots(body)).toEqual([1, 10, 2]);
  });
});
