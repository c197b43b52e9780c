import { randomUUID } from 'node:crypto';
import { readFile, stat, utimes } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { cardFile } from '../../src/lib/seo/card-image';

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];

describe('cardFile', () => {
  const cardPng = async (text: Parameters<typeof cardFile>[0]) => readFile(await cardFile(text));

  // The renderer's two worker threads share one pid and draw the same card when two profiles read alike.
  it('draws the same uncached card twice at once without either call failing', async () => {
    const text = { title: `みう ${randomUUID().slice(0, 8)}`, subtitle: '新宿・癒しの森', label: 'セラピスト' };
    const [first, second] = await Promise.all([cardPng(text), cardPng(text)]);
    expect([...first.subarray(0, 4)]).toEqual(PNG_SIGNATURE);
    expect(second.equals(first)).toBe(true);
    // And the cached copy is the card.
    expect((await cardPng(text)).equals(first)).toBe(true);
  }, 30_000);

  it('marks a cached card as asked for, so that pruning the cache keeps it', async () => {
    const text = { title: `さくら ${randomUUID().slice(0, 8)}`, subtitle: '渋谷', label: 'セラピスト' };
    const file = await cardFile(text);
    const longAgo = new Date(Date.now() - 40 * 24 * 60 * 60 * 1000);
    await utimes(file, longAgo, longAgo);
    expect(await cardFile(text)).toBe(file);
    expect(Date.now() - (await stat(file)).mtimeMs).toBeLessThan(60_000);
  }, 30_000);
});
