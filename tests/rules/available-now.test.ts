import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, serverTimestamp, setDoc, Timestamp } from 'firebase/firestore';
import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { membershipDocFor, SEEDED_AT, suspensionDocFor } from '../factories/documents';
import { allowedIf, directoryProfiles, directoryRoles, signedIn, without } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * availableNow/{uid}: 今すぐ案内可. alice is a confirmed therapist at shop,
 * bob at shop2 (directoryProfiles). Only alice and shop read or write
 * alice's; `until` lies between the server's time and 90 minutes after it;
 * nobody lists or deletes.
 */
const env = useRulesEnvironment();
const roles = directoryRoles(env);
const ALICE = 'availableNow/alice';
const MINUTE = 60_000;

/** `minutes` from now as a Timestamp (the emulator's clock is this machine's). */
const inMinutes = (minutes: number) => Timestamp.fromMillis(Date.now() + minutes * MINUTE);

/** alice's window as a client writes it, by `setBy`. */
const window = (setBy: string, until: unknown = inMinutes(60), overrides: Record<string, unknown> = {}) => ({
  userId: 'alice',
  until,
  setBy,
  updatedAt: serverTimestamp(),
  ...overrides,
});

const stored = { userId: 'alice', until: inMinutes(30), setBy: 'alice', updatedAt: SEEDED_AT };

beforeEach(() => seed(env(), { ...directoryProfiles(), [ALICE]: stored }));

describe.each(roles)('as $role', ({ role, uid, db }) => {
  const manager = role === 'owner therapist' || role === 'store';

  it("gets alice's window only as alice or her confirmed store", async () => {
    await allowedIf(manager)(getDoc(doc(db(), ALICE)));
  });
  it('cannot list the collection', async () => {
    await assertFails(getDocs(collection(db(), 'availableNow')));
  });
  it('creates alice’s window only as alice or her confirmed store', async () => {
    await env().withSecurityRulesDisabled((context) => deleteDoc(doc(context.firestore(), ALICE)));
    await allowedIf(manager)(setDoc(doc(db(), ALICE), window(uid ?? 'alice')));
  });
  it('updates (90 minutes) and ends alice’s window only as alice or her confirmed store', async () => {
    await allowedIf(manager)(setDoc(doc(db(), ALICE), window(uid ?? 'alice', inMinutes(89.5))));
    await allowedIf(manager)(setDoc(doc(db(), ALICE), window(uid ?? 'alice', serverTimestamp())));
  });
  it('cannot delete it', async () => {
    await assertFails(deleteDoc(doc(db(), ALICE)));
  });
});

describe('what a window may be', () => {
  const alice = () => signedIn(env, 'alice');

  it('refuses an until past 90 minutes, or already over', async () => {
    await assertFails(setDoc(doc(alice(), ALICE), window('alice', inMinutes(91))));
    await assertFails(setDoc(doc(alice(), ALICE), window('alice', inMinutes(-1))));
  });
  it('refuses a setBy other than the writer, a client updatedAt, a missing or extra key', async () => {
    await assertFails(setDoc(doc(alice(), ALICE), window('shop')));
    await assertFails(setDoc(doc(alice(), ALICE), window('alice', inMinutes(30), { updatedAt: Timestamp.now() })));
    await assertFails(setDoc(doc(alice(), ALICE), without(window('alice'), 'setBy')));
    await assertFails(setDoc(doc(alice(), ALICE), window('alice', inMinutes(30), { minutes: 30 })));
    await assertFails(setDoc(doc(alice(), ALICE), window('alice', '2099-01-01T00:00:00Z')));
  });
  it("refuses a window in another therapist's document, or for a store or nobody", async () => {
    await assertFails(setDoc(doc(alice(), 'availableNow/bob'), { ...window('alice'), userId: 'bob' }));
    await assertFails(setDoc(doc(signedIn(env, 'shop'), 'availableNow/shop'), { ...window('shop'), userId: 'shop' }));
    await assertFails(setDoc(doc(signedIn(env, 'nobody'), 'availableNow/nobody'), { ...window('nobody'), userId: 'nobody' }));
  });
  it('refuses a store that has not confirmed her, and one that removed her', async () => {
    const membership = 'memberships/shop_alice';
    await seed(env(), { [membership]: { ...membershipDocFor('shop', 'alice'), status: 'removed' } });
    await assertFails(setDoc(doc(signedIn(env, 'shop'), ALICE), window('shop')));
    await env().withSecurityRulesDisabled((context) => deleteDoc(doc(context.firestore(), membership)));
    await assertFails(setDoc(doc(signedIn(env, 'shop'), ALICE), window('shop')));
  });
  it('refuses a suspended writer', async () => {
    await seed(env(), { 'suspensions/alice': suspensionDocFor() });
    await assertFails(setDoc(doc(alice(), ALICE), window('alice')));
  });

  it('allows exactly the windows the policy names, over every writable field (property)', async () => {
    // Minutes from now, away from the edges (0 and 90) by more than the test's own latency.
    const minutes = fc.oneof(
      fc.integer({ min: -600, max: -2 }),
      { arbitrary: fc.integer({ min: 1, max: 88 }), weight: 3 },
      fc.integer({ min: 92, max: 6000 }),
    );
    const outcomes = new Set<boolean>();
    const who = fc.constantFrom('alice', 'shop', 'bob', 'shop2');
    // Weighted towards the allowed cases, so both outcomes occur in every run.
    const write = fc.record({
      writer: who,
      setBy: fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, who),
      userId: fc.constantFrom('alice', 'alice', 'alice', 'bob'),
      until: fc.oneof({ arbitrary: minutes.map((m) => ({ minutes: m })), weight: 4 }, fc.constantFrom<unknown>('soon', 60, null, true)),
      extra: fc.oneof({ arbitrary: fc.constant(undefined), weight: 3 }, fc.constantFrom('note', 'storeId', 'minutes')),
    });
    await fc.assert(
      fc.asyncProperty(write, async ({ writer, setBy: otherSetBy, userId, until, extra }) => {
        const setBy = otherSetBy ?? writer;
        const value = typeof until === 'object' && until !== null ? inMinutes((until as { minutes: number }).minutes) : until;
        const data: Record<string, unknown> = { userId, until: value, setBy, updatedAt: serverTimestamp() };
        if (extra) data[extra] = 'x';
        const minutesAhead = typeof until === 'object' && until !== null ? (until as { minutes: number }).minutes : undefined;
        const allowed =
          userId === 'alice' &&
          setBy === writer &&
          (writer === 'alice' || writer === 'shop') &&
          minutesAhead !== undefined &&
          minutesAhead > 0 &&
          minutesAhead < 90 &&
          extra === undefined;
        const outcome = await setDoc(doc(signedIn(env, writer), ALICE), data).then(
          () => true,
          () => false,
        );
        expect(outcome, JSON.stringify({ writer, setBy, userId, until, extra })).toBe(allowed);
        outcomes.add(outcome);
      }),
      { seed: 4005, numRuns: 40 },
    );
    expect([...outcomes].sort()).toEqual([false, true]);
  }, 120_000);
});

it('lets alice end a window her store set (assertSucceeds)', async () => {
  await assertSucceeds(setDoc(doc(signedIn(env, 'shop'), ALICE), window('shop', inMinutes(30))));
  await assertSucceeds(setDoc(doc(signedIn(env, 'alice'), ALICE), window('alice', serverTimestamp())));
});
