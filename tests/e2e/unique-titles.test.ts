/**
 * Every page of the built demo site has a <title> of its own: search
 * engines read two pages with one title as duplicates, and the seed has
 * same-named therapists in one area and one store (issue 40). Redirect
 * stubs (a held slug, a store's document id) are not pages and are left out.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { E2E_SITE_DIR } from './built-site';

const REDIRECT = /<meta http-equiv="refresh"/i;

describe('page titles', () => {
  it('are unique across the built site', async () => {
    const byTitle = new Map<string, string[]>();
    let pages = 0;
    for (const entry of await readdir(E2E_SITE_DIR, { withFileTypes: true, recursive: true })) {
      if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
      const file = path.join(entry.parentPath, entry.name);
      const html = await readFile(file, 'utf8');
      if (REDIRECT.test(html)) continue;
      const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
      expect(title, file).toBeTruthy();
      pages += 1;
      byTitle.set(title!, [...(byTitle.get(title!) ?? []), path.relative(E2E_SITE_DIR, file)]);
    }
    const shared = [...byTitle].filter(([, files]) => files.length > 1);
    expect(pages).toBeGreaterThan(100);
    expect(shared).toEqual([]);
  });
});
