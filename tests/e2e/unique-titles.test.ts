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

async function* builtPages(): AsyncGenerator<{ file: string; html: string }> {
  for (const entry of await readdir(E2E_SITE_DIR, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.html')) continue;
    const file = path.join(entry.parentPath, entry.name);
    const html = await readFile(file, 'utf8');
    if (!REDIRECT.test(html)) yield { file, html };
  }
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('page titles', () => {
  it('are unique across the built site', async () => {
    const byTitle = new Map<string, string[]>();
    let pages = 0;
    for await (const { file, html } of builtPages()) {
      const title = titleOf(html);
      expect(title, file).toBeTruthy();
      pages += 1;
      byTitle.set(title!, [...(byTitle.get(title!) ?? []), path.relative(E2E_SITE_DIR, file)]);
    }
    const shared = [...byTitle].filter(([, files]) => files.length > 1);
    expect(pages).toBeGreaterThan(100);
    expect(shared).toEqual([]);
  });

  it("name a diary's author as her card on the page does, a store by its store name", async () => {
    let stores = 0;
    for await (const { file, html } of builtPages()) {
      if (!file.includes(`${path.sep}blog${path.sep}`)) continue;
      // The author's card under the diary's heading: her name, then 「店舗・area」 or 「セラピスト・area」.
      const card = /<span class="grid">\s*<span[^>]*>([^<]+)<\/span>\s*<span[^>]*>(店舗|セラピスト)・/.exec(html);
      expect(card, file).toBeTruthy();
      expect(titleOf(html), file).toContain(`｜${card![1]}（`);
      if (card![2] === '店舗') stores += 1;
    }
    expect(stores).toBeGreaterThan(0);
  });
});
