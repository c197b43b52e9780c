/**
 * Erasing an account reaches every collection (scripts/accounts/account-records.ts):
 * each collection firestore.rules names, and each the trusted scripts
 * write, has a rule there, so a new collection cannot be forgotten; every
 * nested one sits under a parent erased with its subcollections; and the
 * export learns of every public record erased, by a tombstone.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_RECORDS, ERASED_COLLECTIONS, isTombstoned } from '../../scripts/accounts/account-records';
import { SOURCE_NAMES } from '../../src/registry/source-collections';

const rules = readFileSync('firestore.rules', 'utf8');
/** `match /name/...` at the documents' level (four spaces in), and the top of each nested path. */
const ruleCollections = [...rules.matchAll(/^ {4}match \/([A-Za-z]+)\//gm)].map((match) => match[1]!);

/** Every path firestore.rules matches below the documents, nested matches joined to their parent's, as segments. */
function rulePaths(): string[][] {
  const paths: string[][] = [];
  const open: { depth: number; segments: string[] }[] = [];
  let depth = 0;
  for (const line of rules.split('\n').map((text) => text.replace(/\/\/.*$/, ''))) {
    const match = /^\s*match \/(\S+) \{/.exec(line);
    while (open.length > 0 && open.at(-1)!.depth >= depth) open.pop();
    if (match && !match[1]!.startsWith('databases/')) {
      const segments = [...(open.at(-1)?.segments ?? []), ...match[1]!.split('/')];
      paths.push(segments);
      open.push({ depth, segments });
    }
    depth += (line.match(/\{/g) ?? []).length - (line.match(/\}/g) ?? []).length;
  }
  return paths;
}

/** Collection names the scripts and the site write by name: `collection('x')`, and the constants they use for it. */
function namedInCode(): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name)) {
        const source = readFileSync(file, 'utf8');
        for (const match of source.matchAll(/collection\('([A-Za-z]+)'\)/g)) names.add(match[1]!);
        for (const match of source.matchAll(/export const [A-Z_]+ = '([a-z][A-Za-z]+)';/g))
          if (/collection/i.test(source.slice(Math.max(0, match.index! - 400), match.index))) names.add(match[1]!);
      }
    }
  };
  walk('scripts');
  walk('src');
  return names;
}

describe('where an account’s records are', () => {
  it('names every collection firestore.rules names', () => {
    expect(ruleCollections.length).toBeGreaterThan(20);
    expect(ruleCollections.filter((name) => !(name in ACCOUNT_RECORDS))).toEqual([]);
  });

  it('names every collection the code reads or writes by name', () => {
    const named = [...namedInCode()].filter((name) => !(name in ACCOUNT_RECORDS));
    // Subcollections are erased with their parent (users, customers, favorites, handleWatches).
    expect(named.filter((name) => !['fcmTokens', 'handleSlots', 'records', 'items', 'handles'].includes(name))).toEqual([]);
  });

  it('erases each nested collection with a parent whose id is the uid', () => {
    const parents = new Set(
      rulePaths()
        .filter((segments) => segments.length > 2)
        .map((segments) => {
          expect(segments[1], segments.join('/')).toBe('{uid}');
          return segments[0]!;
        }),
    );
    expect([...parents].sort()).toEqual(['customers', 'favorites', 'handleWatches', 'users']);
    for (const parent of parents) expect(ACCOUNT_RECORDS[parent as keyof typeof ACCOUNT_RECORDS]).toMatchObject({ byId: true });
  });

  it('tombstones every public source it erases from, so the export drops the records', () => {
    const sources = new Set<string>(SOURCE_NAMES);
    expect(ERASED_COLLECTIONS.filter((name) => sources.has(name) && !isTombstoned(name))).toEqual([]);
  });

  it('says why for each collection it keeps', () => {
    for (const [name, records] of Object.entries(ACCOUNT_RECORDS))
      if ('kept' in records) expect(records.kept.length, name).toBeGreaterThan(20);
  });
});
