import { describe, expect, it } from 'vitest';
import { deriveIsolated } from '../../scripts/export/isolated-derivation';
import { toPublicExport } from '../../scripts/export/public-records';
import { describeSkipped, SkipLog } from '../../scripts/export/report';
import { emptySourceDocs, type SourceDocs } from '../../src/registry/source-collections';
import type { AccountDoc } from '../../src/schema/accounts';
import type { StoreDoc } from '../../src/schema/stores';
import { storeDocFor, therapistDoc } from '../factories/documents';

const photoBase = { bucket: 'demo-theralink.appspot.com' };

function source(therapists: string[], stores: string[], suspended: string[] = []): SourceDocs {
  return {
    ...emptySourceDocs(),
    accounts: new Map(therapists.map((uid) => [uid, therapistDoc(uid) as unknown as AccountDoc])),
    stores: new Map(stores.map((uid) => [uid, storeDocFor(uid) as unknown as StoreDoc])),
    suspensions: new Set(suspended),
  };
}

/** The real derivation, made to throw while any profile named in `poisoned` is in (a bug only some data meets). */
const deriveFailingOn = (poisoned: string[]) => (docs: SourceDocs, log: SkipLog) => {
  for (const uid of poisoned)
    if (docs.accounts.has(uid) || docs.stores.has(uid)) throw new RangeError(`Maximum call stack size exceeded (${uid})`);
  return toPublicExport(docs, '2026-11-01', { photoBase, log });
};

describe('deriveIsolated', () => {
  it('leaves out only the documents the derivation throws on, names them, and exports the rest', async () => {
    const uids = Array.from({ length: 60 }, (_, i) => `t${String(i).padStart(2, '0')}`);
    const log = new SkipLog();
    const records = await deriveIsolated(source(uids, ['s1', 's2']), deriveFailingOn(['t17', 's2']), log);
    expect(records.therapists.map((t) => t.id)).toEqual(uids.filter((uid) => uid !== 't17'));
    expect(records.stores.map((s) => s.id)).toEqual(['s1']);
    expect(log.skipped.map(describeSkipped).sort()).toEqual([
      'accounts/t17: (derive): Maximum call stack size exceeded (t17)',
      'stores/s2: (derive): Maximum call stack size exceeded (s2)',
    ]);
    expect(log.skipped.every((entry) => entry.stage === 'derive')).toBe(true);
  });

  it('costs one derivation when nothing throws', async () => {
    let runs = 0;
    const log = new SkipLog();
    await deriveIsolated(
      source(['a', 'b'], []),
      (docs, into) => (runs++, toPublicExport(docs, '2026-11-01', { photoBase, log: into })),
      log,
    );
    expect(runs).toBe(1);
    expect(log.skipped).toEqual([]);
  });

  it('never leaves a suspension out: a suspended account stays off the site whatever throws', async () => {
    const log = new SkipLog();
    const records = await deriveIsolated(source(['a', 'b', 'c'], [], ['b']), deriveFailingOn(['c']), log);
    expect(records.therapists.map((t) => t.id)).toEqual(['a']);
  });

  it('fails the export when the derivation throws with no document at all (broken code, not data)', async () => {
    const broken = () => {
      throw new Error('broken');
    };
    await expect(deriveIsolated(source(['a'], []), broken, new SkipLog())).rejects.toThrow(/no record is to blame: broken/);
  });
});
