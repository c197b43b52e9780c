/**
 * The registry is the one list of collections (src/registry/): the lists
 * firestore.rules must keep (it cannot import TypeScript) equal the
 * registry's, what the export derives from it holds together, and the
 * registry imports no page data (src/data/), so no circle runs through it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SHARDED_COLLECTIONS } from '../../scripts/export/source-mirror';
import { SCHEMAS } from '../../src/registry/firestore-schemas';
import { emptyExport, PROFILE_COLLECTIONS, PUBLIC_COLLECTIONS, PUBLIC_COLLECTION_NAMES } from '../../src/registry/public-collections';
import { REPORT_TARGET_PATTERN, REPORT_TARGETS, reportDoc, reportTarget } from '../../src/registry/reports';
import { emptySourceDocs, SOURCE_COLLECTIONS, SOURCE_NAMES } from '../../src/registry/source-collections';
import { CLIENT_TOMBSTONED, TRUSTED_TOMBSTONED } from '../../src/schema/deletion-ids';
import { deletionDoc } from '../../src/schema/deletions';

const RULES = readFileSync('firestore.rules', 'utf8');

/** The code of a rules `match` block (comments dropped), from its line to the next match at its depth. */
function rulesMatch(path: string): string {
  const start = RULES.indexOf(`match /${path} {`);
  expect(start, `firestore.rules has match /${path}`).toBeGreaterThan(-1);
  return RULES.slice(start, RULES.indexOf('\n    }', start))
    .split('\n')
    .map((line) => line.replace(/\/\/.*$/, ''))
    .join('\n');
}

describe('firestore.rules keeps the registry’s lists', () => {
  it('accepts a report target by the registry’s pattern', () => {
    const [, pattern] = /targetPath\.matches\('([^']*)'\)/.exec(rulesMatch('reports/{id}')) ?? [];
    expect(pattern, 'reports/{id} checks targetPath.matches(…)').toBeDefined();
    expect(new RegExp(pattern!).source).toBe(REPORT_TARGET_PATTERN.source);
  });

  it('accepts a client tombstone for exactly the collections of CLIENT_TOMBSTONED', () => {
    const [, list] = /incoming\(\)\.collection in \[([^\]]*)\]/.exec(rulesMatch('deletions/{id}')) ?? [];
    expect(list, 'deletions/{id} checks incoming().collection in […]').toBeDefined();
    expect([...list!.matchAll(/'([^']*)'/g)].map((match) => match[1])).toEqual([...CLIENT_TOMBSTONED]);
  });
});

describe('reports', () => {
  it('name every reportable public collection by the source document it is made from', () => {
    expect(REPORT_TARGETS).toMatchObject({
      accounts: 'セラピストのプロフィール',
      stores: '店舗のプロフィール',
      frozenAccounts: '旧アカウントの登録',
      blogs: 'ブログ記事',
      posts: 'タイムラインの投稿',
    });
    for (const name of PUBLIC_COLLECTION_NAMES) {
      const { report, sources } = PUBLIC_COLLECTIONS[name];
      if (report) expect(sources, name).toContain(report.source);
    }
    expect(reportTarget('therapists', 'u1')).toBe('accounts/u1');
    expect(() => reportTarget('shifts', 's1')).toThrow(/cannot be reported/);
  });

  it('accept a target only of those collections', () => {
    const report = { userId: 'u', reason: 'spam', text: '', createdAt: { toDate: () => new Date() } };
    expect(reportDoc.safeParse({ ...report, targetPath: 'posts/p_1' }).success).toBe(true);
    expect(reportDoc.safeParse({ ...report, targetPath: 'schedules/s_1' }).success).toBe(false);
    expect(reportDoc.safeParse({ ...report, targetPath: 'posts/a/b' }).success).toBe(false);
  });
});

describe('the source registry', () => {
  it('gives every source collection its schema by path, beside the private ones', () => {
    for (const name of SOURCE_NAMES) expect(SCHEMAS[name], name).toBe(SOURCE_COLLECTIONS[name].schema);
    expect(Object.keys(SCHEMAS)).toEqual(expect.arrayContaining(['users', 'customers/records', 'reports', 'favorites/items']));
  });

  it('knows a tombstone for every collection that has one, and only for source collections', () => {
    expect(deletionDoc.shape.collection.options).toEqual([...CLIENT_TOMBSTONED, ...TRUSTED_TOMBSTONED]);
    for (const name of [...CLIENT_TOMBSTONED, ...TRUSTED_TOMBSTONED]) expect(SOURCE_NAMES, name).toContain(name);
  });

  it('hands the derivations ids where presence alone counts, documents elsewhere', () => {
    const empty = emptySourceDocs();
    expect(Object.keys(empty)).toEqual(SOURCE_NAMES);
    expect(SOURCE_NAMES.filter((name) => empty[name] instanceof Set)).toEqual(['suspensions', 'storeVerifications']);
  });
});

describe('the public registry', () => {
  it('gives each collection its own file', () => {
    const files = PUBLIC_COLLECTION_NAMES.map((name) => PUBLIC_COLLECTIONS[name].file);
    expect(new Set(files).size).toBe(files.length);
    expect(Object.keys(emptyExport())).toEqual(PUBLIC_COLLECTION_NAMES);
  });

  it('derives every sharded collection one record per document of its source', () => {
    expect(SHARDED_COLLECTIONS).toEqual([
      { name: 'blogs', from: 'blogs' },
      { name: 'posts', from: 'posts' },
    ]);
  });

  it('makes the profiles first, from source collections it reads', () => {
    for (const name of PROFILE_COLLECTIONS) expect(PUBLIC_COLLECTION_NAMES).toContain(name);
    for (const name of PUBLIC_COLLECTION_NAMES) {
      const { derive, sources } = PUBLIC_COLLECTIONS[name];
      if (typeof derive !== 'function') expect(sources, name).toContain(derive.from);
    }
  });
});

describe('the registry', () => {
  it('imports no page data (src/data/), so no circle runs through it', () => {
    for (const file of readdirSync('src/registry')) {
      const code = readFileSync(`src/registry/${file}`, 'utf8');
      expect(code, file).not.toMatch(/from '\.\.\/data\//);
    }
  });
});
