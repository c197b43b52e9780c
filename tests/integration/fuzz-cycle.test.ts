/**
 * No document a client can write can stop a cycle (tests/fuzz/cycle.ts):
 * a modest run of the cycle fuzzer in every test run; `npm run fuzz` runs it
 * large (scripts/fuzz.ts). Also checks that the fuzzer's catalogue of
 * writable fields covers every collection firestore.rules lets a client
 * write.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runFuzz } from '../fuzz/cycle';
import { FIELDS } from '../fuzz/hostile-accounts';
import { TEST_PROJECTS } from '../setup/projects';

/**
 * Collections a client writes that the fuzzer does not fill, and why: each
 * is bookkeeping written in the same batch as a document the fuzzer does
 * write (and checked by the rules against it), or private data the export
 * never reads (src/registry/source-collections.ts).
 */
const NOT_FILLED: Record<string, string> = {
  slugs: 'claimed with the profile (its id is profileSlug, which the fuzzer fills)',
  slugHolds: 'written with a rename, checked against slugs',
  currentHandles: 'reserved with the profile (its id is channels.x)',
  handleSlots: 'written with the former handle',
  deletions: 'tombstones, written with a delete',
  fcmTokens: 'private push tokens, never exported',
  favorites: 'private, never exported (the ranking counts them, trusted code)',
  customers: 'an encrypted envelope, never exported',
  records: 'encrypted notebook records, never exported',
  storeVerificationRequests: 'private, never exported (the operator reads it with moderate list, which escapes control characters)',
  accountDeletions: 'a request to be erased: one server timestamp, and only its id is read (tests/integration/erase-account.test.ts)',
};

describe('the cycle fuzzer', () => {
  it('covers every collection a client can write', () => {
    const rules = readFileSync('firestore.rules', 'utf8');
    const writable = new Set<string>();
    let current: string[] = [];
    for (const line of rules.split('\n')) {
      const match = /^\s*match \/([A-Za-z]+)\//.exec(line);
      if (match) current = [match[1]!];
      if (/allow [^:]*\b(create|update)\b/.test(line)) for (const name of current) writable.add(name);
    }
    const covered = new Set([...Object.keys(FIELDS), ...Object.keys(NOT_FILLED)]);
    expect([...writable].filter((name) => !covered.has(name)).sort()).toEqual([]);
  });

  it('completes every cycle, changes no page of the fixed world, and escapes every hostile value', async () => {
    const report = await runFuzz({
      project: TEST_PROJECTS.fuzz,
      cycles: 2,
      accountsPerCycle: 10,
      seed: 38,
      log: (line) => console.log(line),
    });
    console.log(`[fuzz] ${JSON.stringify(report)}`);
    expect(report.failure).toBeNull();
    expect(report.cyclesFailed).toBe(0);
    expect(report.cycles).toBe(2);
    // The rules let most through: the cycle sees hostile data, not only refusals.
    expect(report.documents - report.refused).toBeGreaterThan(report.documents / 2);
  }, 900_000);
});
