/**
 * How the build takes a render worker's answer for a batch of URLs
 * (withOwnUrls in scripts/renderer/pool.ts): in the batch's order, one
 * result per URL, each named by the build's own string of it. An answer
 * out of step with its batch fails the render rather than filing a page
 * under another URL.
 */
import { describe, expect, it } from 'vitest';
import { withOwnUrls } from '../../scripts/renderer/pool';
import type { Rendered } from '../../scripts/renderer/protocol';

const answer = (url: string): Rendered => ({ url, status: 200, kind: 'page', body: new Uint8Array(0) });
/** The URL as another thread's copy would be: equal, built afresh. */
const copyOf = (url: string) => [...url].join('');

describe("a render worker's answer for a batch", () => {
  it('keeps each result, in the batch order, under its URL', () => {
    const batch = ['/profile/a', '/profile/b', '/stores/c'];
    const results = withOwnUrls(
      batch.map((url) => answer(copyOf(url))),
      batch,
    );
    expect(results.map((result) => result.url)).toEqual(batch);
    expect(results.map((result) => result.status)).toEqual([200, 200, 200]);
  });

  it('fails an answer whose results come in another order', () => {
    expect(() => withOwnUrls([answer('/b'), answer('/a')], ['/a', '/b'])).toThrow('The renderer answered /b in the place of /a.');
  });

  it('fails an answer with a result missing or one too many', () => {
    expect(() => withOwnUrls([answer('/a')], ['/a', '/b'])).toThrow('The renderer answered 1 pages for 2 URLs.');
    expect(() => withOwnUrls([answer('/a'), answer('/b')], ['/a'])).toThrow('The renderer answered 2 pages for 1 URLs.');
  });
});
