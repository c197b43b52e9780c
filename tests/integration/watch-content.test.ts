/**
 * The rebuild trigger of `npm start`: a change to a public source collection
 * in the Firestore emulator calls back once (debounced) with its name;
 * so do the private records the export derives public facts from
 * (memberships, disputes, suspensions, slugs); other private collections
 * (customers, users, reports) do not trigger it, nor does a write the
 * incremental export would not read (its cursor field not moved on).
 */
import { Timestamp } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearFirestoreEmulator } from '../../scripts/lib/emulator-process';

const PROJECT = 'demo-theralink-watch';
process.env.FIREBASE_PROJECT_ID = PROJECT;
const { adminDb } = await import('../../scripts/lib/admin');
const { watchPublicContent } = await import('../../scripts/watch-content');
type ContentWatch = ReturnType<typeof watchPublicContent>;

const calls: string[][] = [];
let watch: ContentWatch;
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  await clearFirestoreEmulator(PROJECT);
  await adminDb().doc('accounts/a1').set({ published: true });
  watch = watchPublicContent(adminDb(), async (changed) => void calls.push([...changed].sort()), 200);
  await watch.ready;
});
afterAll(() => watch?.stop());

describe('watchPublicContent', () => {
  it('ignores the first snapshot of each collection', async () => {
    await settle(400);
    expect(calls).toEqual([]);
  });

  it('calls back once for a burst of changes, naming the collections', async () => {
    await adminDb().doc('accounts/a1').update({ bio: '新しい自己紹介', updatedAt: Timestamp.now() });
    await adminDb().doc('schedules/s1').set({ date: '2026-11-22', updatedAt: Timestamp.now() });
    await expect.poll(() => calls, { timeout: 5000 }).toEqual([['accounts', 'schedules']]);
  });

  it('calls back for the private records the export derives public facts from', async () => {
    const before = calls.length;
    // The union across callbacks: the five listeners answer on their own, and a slow
    // machine may spread them over more than one debounce window.
    const named = () => [...new Set(calls.slice(before).flat())].sort();
    const batch = adminDb().batch();
    batch.set(adminDb().doc('memberships/s1_a1'), { status: 'confirmed', updatedAt: Timestamp.now() });
    batch.set(adminDb().doc('storeRequests/a1'), { storeId: 's1', updatedAt: Timestamp.now() });
    batch.set(adminDb().doc('disputes/u2_0'), { handleId: 'x_miu', createdAt: Timestamp.now() });
    batch.set(adminDb().doc('suspensions/a1'), { reason: 'spam', createdAt: Timestamp.now() });
    batch.set(adminDb().doc('slugs/old-miu'), { userId: 'a1', releasedAt: Timestamp.now() });
    await batch.commit();
    await expect.poll(named, { timeout: 5000 }).toEqual(['disputes', 'memberships', 'slugs', 'storeRequests', 'suspensions']);
  });

  it('calls back for a tombstone, not for a write that leaves the cursor field behind', async () => {
    const before = calls.length;
    // A restored or hand-written document with an old time: the incremental export would not read it either.
    await adminDb()
      .doc('accounts/a2')
      .set({ published: true, updatedAt: Timestamp.fromMillis(0) });
    await settle(1200);
    expect(calls.length).toBe(before);
    await adminDb().doc('deletions/schedules~s1').set({ collection: 'schedules', docId: 's1', deletedAt: Timestamp.now() });
    await expect.poll(() => calls.slice(before), { timeout: 5000 }).toEqual([['deletions']]);
  });

  it('holds what changed as a feed: the documents a query by cursor would return, tombstones too', async () => {
    const before = calls.length;
    const since = Timestamp.now();
    // Strictly after, as the query: not within the same millisecond as `since`.
    await settle(5);
    await adminDb().doc('deletions/schedules~s2').set({ collection: 'schedules', docId: 's2', deletedAt: Timestamp.now() });
    await expect
      .poll(() => watch.feed.changesSince('deletions', since)?.docs.map((doc) => doc.id), { timeout: 5000 })
      .toEqual(['schedules~s2']);
    await adminDb().doc('accounts/a1').update({ bio: 'フィードに載る', updatedAt: Timestamp.now() });
    await expect.poll(() => watch.feed.changesSince('accounts', since)?.docs.map((doc) => doc.id), { timeout: 5000 }).toEqual(['a1']);
    const read = watch.feed.changesSince('accounts', since)!;
    expect(read.docs[0]!.get('bio')).toBe('フィードに載る');
    expect(read.readTime.valueOf() >= since.valueOf()).toBe(true);
    // Nothing changed after now.
    expect(watch.feed.changesSince('accounts', Timestamp.now())?.docs).toEqual([]);
    // The calls these writes make are over before the next test counts.
    await expect.poll(() => calls.slice(before).flat().sort(), { timeout: 5000 }).toEqual(['accounts', 'deletions']);
  });

  it('does not vouch for what came before it began, nor for collections watched whole', () => {
    expect(watch.feed.changesSince('accounts', Timestamp.fromMillis(0))).toBeUndefined();
    expect(watch.feed.changesSince('slugs', Timestamp.now())).toBeUndefined();
    expect(watch.feed.changesSince('customers', Timestamp.now())).toBeUndefined();
  });

  it('does not call back for private collections', async () => {
    const before = calls.length;
    await adminDb().doc('customers/u1/items/c1').set({ nickname: 'Aさん' });
    await adminDb().doc('users/u1').set({ createdAt: Timestamp.now() });
    await adminDb().doc('reports/u1_0').set({ text: 'x' });
    await settle(1200);
    expect(calls.length).toBe(before);
  });
});
