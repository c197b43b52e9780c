import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, serverTimestamp, setDoc, Timestamp, updateDoc } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { RANKING_BURST_REASON, RANKING_REPORTER, rankingBurstReportId } from '../../src/schema/rankings';
import { signedIn, type Db } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * rankings/current and rankingSnapshots/{date} (src/schema/rankings.ts):
 * written and read only by trusted code (scripts/ranking.ts; the export
 * publishes the numbers). firestore.rules has no match for them, so the
 * default deny closes them to every client: signed out, a verified fan, the
 * ranked therapist herself (she may not raise her count), for every
 * operation. Nor can a client forge the ranking's burst report, which would
 * hold a rival's favourites out of the count.
 */
const env = useRulesEnvironment();
const AT = Timestamp.fromDate(new Date('2026-11-24T15:00:00Z'));
const entry = { uid: 'alice', count: 12, rank: 1, previousRank: 2 };
const DOCS: Record<string, Record<string, unknown>> = {
  'rankings/current': { computedAt: AT, comparedWith: '2026-11-17', overall: [entry], areas: { 新宿: [entry] } },
  'rankingSnapshots/2026-11-25': { computedAt: AT, overall: [{ uid: 'alice', rank: 1 }], areas: { 新宿: [{ uid: 'alice', rank: 1 }] } },
};
const parentOf = (path: string) => path.split('/').slice(0, -1).join('/');

const roles: { role: string; db: () => Db }[] = [
  { role: 'signed out', db: () => env().unauthenticatedContext().firestore() },
  { role: 'a verified fan', db: () => signedIn(env, 'bob', true) },
  { role: 'the ranked therapist', db: () => signedIn(env, 'alice', true) },
];

describe.each(Object.keys(DOCS))('%s', (path) => {
  describe.each(roles)('as $role', ({ db }) => {
    it('cannot get', async () => {
      await seed(env(), { [path]: DOCS[path]! });
      await assertFails(getDoc(doc(db(), path)));
    });
    it('cannot list', async () => {
      await seed(env(), { [path]: DOCS[path]! });
      await assertFails(getDocs(collection(db(), parentOf(path))));
    });
    it('cannot create', async () => {
      await assertFails(setDoc(doc(db(), path), DOCS[path]!));
    });
    it('cannot update (not even her own count)', async () => {
      await seed(env(), { [path]: DOCS[path]! });
      await assertFails(updateDoc(doc(db(), path), { overall: [{ ...entry, count: 999 }] }));
    });
    it('cannot delete', async () => {
      await seed(env(), { [path]: DOCS[path]! });
      await assertFails(deleteDoc(doc(db(), path)));
    });
  });
});

describe('the ranking’s burst reports', () => {
  const forged = (userId: string) => ({
    userId,
    targetPath: 'accounts/alice',
    reason: RANKING_BURST_REASON,
    text: '',
    createdAt: serverTimestamp(),
  });

  it('a signed-in user cannot file one under the ranking’s id', async () => {
    await assertFails(
      setDoc(doc(signedIn(env, 'bob', true), 'reports', rankingBurstReportId('alice', '2026-11-25')), {
        ...forged(RANKING_REPORTER),
        burst: { fans: 30, from: AT, to: AT },
      }),
    );
  });

  it('nor in her own report slot with the ranking’s reason (the same report with a reason of hers is accepted)', async () => {
    await assertFails(setDoc(doc(signedIn(env, 'bob', true), 'reports', 'bob_0'), forged('bob')));
    await assertSucceeds(setDoc(doc(signedIn(env, 'bob', true), 'reports', 'bob_0'), { ...forged('bob'), reason: 'spam' }));
  });
});
