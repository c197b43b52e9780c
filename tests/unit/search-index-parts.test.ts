import { describe, expect, it } from 'vitest';
import { partsWithPages } from '../../src/components/search/pagefind';
import { SEARCH_PARTS, searchPartFolder, searchPartPath } from '../../src/lib/search/index-parts';

describe('the parts of the full-text index', () => {
  it('keeps the primary part at /pagefind/ (whose pagefind.js /search loads) and the others inside it', () => {
    expect(searchPartPath(SEARCH_PARTS[0])).toBe('/pagefind/');
    expect(searchPartFolder(SEARCH_PARTS[0])).toBe('');
    expect(searchPartPath('blogs')).toBe('/pagefind/blogs/');
  });

  // Pagefind can neither search nor merge an index of no pages ("No language indexes found"): such a part is left out.
  it('merges only the parts that hold pages', async () => {
    const entries: Record<string, { languages: Record<string, unknown> }> = {
      '/pagefind/pagefind-entry.json': { languages: { ja: { page_count: 3 } } },
      '/pagefind/blogs/pagefind-entry.json': { languages: {} },
    };
    const asked: string[] = [];
    const fetchEntry = async (url: string) => {
      asked.push(url);
      return entries[url]!;
    };
    expect(await partsWithPages(fetchEntry)).toEqual(['directory']);
    expect(asked.sort()).toEqual(Object.keys(entries).sort());
    entries['/pagefind/blogs/pagefind-entry.json'] = { languages: { ja: { page_count: 1 } } };
    expect(await partsWithPages(fetchEntry)).toEqual(['directory', 'blogs']);
  });
});
