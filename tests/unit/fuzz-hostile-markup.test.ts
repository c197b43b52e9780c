/** The cycle fuzzer's check that no hostile value became markup (tests/fuzz/cycle.ts), as a browser would parse the page. */
import { describe, expect, it } from 'vitest';
import { hostileMarkup } from '../fuzz/cycle';

describe('hostileMarkup', () => {
  it('finds a script, an event handler or a javascript: link of a hostile value', () => {
    expect(hostileMarkup('<p>x</p><script>alert(1)</script>')).toBe('<script>alert(1)');
    expect(hostileMarkup('<img src="a.png" onerror="x">')).toBe('<img onerror=…>');
    expect(hostileMarkup('<a href=" javascript:alert(1)">a</a>')).toBe('<a href=" javascript:alert(1)">');
  });

  it("passes text, attribute values and the site's own scripts", () => {
    expect(hostileMarkup('<meta content="<script>alert(1)</script>"><p>&lt;script&gt;alert(1)&lt;/script&gt;</p>')).toBeNull();
    expect(hostileMarkup('<script>document.documentElement.dataset.theme = "dark";</script><a href="/profile/miu">みう</a>')).toBeNull();
    expect(hostileMarkup('<script type="application/ld+json">{"name":"\\u003cscript>alert(1)"}</script>')).toBeNull();
  });
});
