/**
 * What a hostile account writes, for the cycle fuzzer: every field a client
 * can write, in every collection (FIELDS names them; a new writable field
 * belongs here), filled with hostile values (./hostile-values.ts) and
 * written through firestore.rules as the owning account, the way a client
 * that ignores the editors would: the same documents and batches the rules
 * demand, nothing the rules do not check.
 *
 * A cycle's accounts refer only to each other (her store is one of the
 * cycle's stores, her dispute is on another hostile account's handle): so
 * that any change to a page of the fixed world (tests/fuzz/cycle.ts) is
 * damage, not the intended effect of a dispute or a membership.
 */
import type { RulesTestEnvironment } from '@firebase/rules-unit-testing';
import fc from 'fast-check';
import { doc, getDoc, serverTimestamp, setDoc, Timestamp, updateDoc, writeBatch, type Firestore } from 'firebase/firestore';
import { AREAS } from '../../src/lib/areas';
import { tokyoDateKey, addDays } from '../../src/lib/tokyo-date';
import { hostileMarkdown, hostileText } from './hostile-values';

/** Every client-writable field the fuzzer fills, by collection (the documents' other keys are fixed by the rules). */
export const FIELDS = {
  accounts: [
    'displayName',
    'profileSlug',
    'bio',
    'area',
    'tags',
    'channels.x',
    'channels.bluesky',
    'channels.instagram',
    'channels.tiktok',
    'channels.litlink',
    'channels.website',
    'published',
  ],
  stores: [
    'displayName',
    'storeName',
    'profileSlug',
    'description',
    'area',
    'address',
    'nearestStation',
    'hours',
    'website',
    'channels.x',
    'channels.website',
    'published',
    'courses',
    'options',
  ],
  storeRequests: ['storeId'],
  memberships: ['status', 'reason'],
  frozenAccounts: ['handle', 'frozenOn', 'note'],
  schedules: ['date', 'start', 'end', 'note'],
  blogs: ['title', 'body', 'tags'],
  posts: ['text'],
  disputes: ['evidence'],
  reports: ['reason', 'text'],
  users: ['alerts', 'pushAlerts'],
  handleWatches: ['handle'],
  availableNow: ['until'],
} as const;

const slug = fc.stringMatching(/^[a-z0-9][a-z0-9-]{1,28}[a-z0-9]$/);
const xHandle = fc.stringMatching(/^[a-z0-9_]{1,15}$/);
const tags = fc.array(hostileText(1, 20), { maxLength: 10 });
// The rules refuse an area outside the vocabulary: mostly listed ones, so most profiles get written at all.
const area = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...AREAS) }, { weight: 1, arbitrary: hostileText(1, 20) });
const website = fc.oneof(fc.constant(''), fc.stringMatching(/^https:\/\/[!-~]{1,120}$/));
const channels = fc.record(
  {
    x: xHandle,
    bluesky: fc.stringMatching(/^[a-z0-9.-]{3,60}$/),
    instagram: fc.stringMatching(/^[a-z0-9._]{1,30}$/),
    tiktok: fc.stringMatching(/^[a-z0-9._]{2,24}$/),
    litlink: fc.stringMatching(/^[a-z0-9_-]{1,40}$/),
    website: fc.stringMatching(/^https:\/\/[!-~]{1,120}$/),
  },
  { requiredKeys: [] },
);
const time = fc.stringMatching(/^([01][0-9]|2[0-3]):[0-5][0-9]$/);

/** One hostile therapist's writes. */
export interface HostileTherapist {
  kind: 'therapist';
  profile: { displayName: string; profileSlug: string; bio: string; area: string; tags: string[]; channels: Record<string, string> };
  /** Which of the cycle's stores she asks (an index), whether it confirms her, and a decline's reason. */
  store: { nth: number; confirmed: boolean; reason: string | null } | null;
  frozen: { handle: string; frozenOn: string | null; note: string };
  shift: { inDays: number; start: string; end: string; note: string };
  blog: { title: string; body: string; tags: string[] };
  post: { text: string };
  dispute: { evidence: string };
  report: { reason: string; text: string };
  watch: { handle: string };
  /** 今すぐ案内可: minutes from now to the window's end (the rules allow 0..90; the fuzzer tries past both ends). */
  availableNow: { minutes: number };
}

export interface HostileStore {
  kind: 'store';
  profile: {
    displayName: string;
    storeName: string;
    profileSlug: string;
    description: string;
    area: string;
    address: string;
    nearestStation: string;
    hours: string;
    website: string;
    channels: Record<string, string>;
  };
  blog: { title: string; body: string; tags: string[] };
  /** Its コース料金, each list its own write (the rules check one list a write). */
  menu: { courses: { minutes: number; price: number; note: string }[]; options: { name: string; price: number }[] };
}

export type HostileAccount = HostileTherapist | HostileStore;

const therapist: fc.Arbitrary<HostileTherapist> = fc.record({
  kind: fc.constant('therapist' as const),
  profile: fc.record({ displayName: hostileText(1, 40), profileSlug: slug, bio: hostileText(0, 2000), area, tags, channels }),
  store: fc.option(fc.record({ nth: fc.nat(), confirmed: fc.boolean(), reason: fc.option(hostileText(1, 120), { nil: null }) }), {
    nil: null,
  }),
  frozen: fc.record({
    handle: xHandle,
    frozenOn: fc.option(
      fc.date({ min: new Date('2000-01-01'), max: new Date('2026-11-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)),
      { nil: null },
    ),
    note: hostileText(0, 200),
  }),
  shift: fc.record({ inDays: fc.integer({ min: 0, max: 60 }), start: time, end: time, note: hostileText(0, 100) }),
  blog: fc.record({ title: hostileText(1, 100), body: hostileMarkdown(20_000), tags }),
  post: fc.record({ text: hostileText(1, 500) }),
  dispute: fc.record({ evidence: hostileText(1, 1000) }),
  report: fc.record({ reason: fc.constantFrom('impersonation', 'spam', 'inappropriate', 'other'), text: hostileText(0, 1000) }),
  watch: fc.record({ handle: xHandle }),
  availableNow: fc.record({ minutes: fc.integer({ min: -30, max: 200 }) }),
});

const store: fc.Arbitrary<HostileStore> = fc.record({
  kind: fc.constant('store' as const),
  profile: fc.record({
    displayName: hostileText(0, 40),
    storeName: hostileText(1, 60),
    profileSlug: slug,
    description: hostileText(0, 2000),
    area,
    address: hostileText(0, 120),
    nearestStation: hostileText(0, 40),
    hours: hostileText(0, 60),
    website,
    channels: channels.map(({ x, website: site }) => ({ ...(x ? { x } : {}), ...(site ? { website: site } : {}) })),
  }),
  blog: fc.record({ title: hostileText(1, 100), body: hostileMarkdown(20_000), tags }),
  // Past the bounds at both ends (counts, minutes, prices, lengths): the rules refuse those writes.
  menu: fc.record({
    courses: fc.array(
      fc.record({ minutes: fc.integer({ min: 0, max: 700 }), price: fc.integer({ min: -1, max: 1_100_000 }), note: hostileText(0, 50) }),
      { maxLength: 9 },
    ),
    options: fc.array(fc.record({ name: hostileText(0, 40), price: fc.integer({ min: -1, max: 1_100_000 }) }), { maxLength: 9 }),
  }),
});

/** A cycle's hostile accounts: about one store in five. */
export const hostileCycle = (accounts: number) =>
  fc.array(fc.oneof({ weight: 4, arbitrary: therapist }, { weight: 1, arbitrary: store }), { minLength: accounts, maxLength: accounts });

/** How many field values an account's writes carry (what the fuzzer counts as tried). */
export function valuesOf(account: HostileAccount): number {
  const profile = Object.keys(account.profile).length + Object.keys(account.profile.channels).length - 1;
  if (account.kind === 'store') return profile + 3 + 3 * account.menu.courses.length + 2 * account.menu.options.length;
  return profile + (account.store ? 3 : 0) + 3 + 4 + 3 + 1 + 1 + 2 + 1 + 1;
}

/** Counts of a cycle's writes: attempted, and refused by the rules. */
export interface WriteTally {
  documents: number;
  refused: number;
  values: number;
}

/** The Tokyo day of now as yyyymmdd (the day in blog and post ids, as the rules compute it). */
const tokyoDigits = () => tokyoDateKey(new Date()).replaceAll('-', '');

/**
 * Writes one cycle's accounts (uids `{prefix}-{n}`) through the rules:
 * stores first (the therapists ask them), then each therapist's profile,
 * store request, former handle, shift, diary, post, watch, 今すぐ案内可, report, and last
 * the disputes (on another hostile therapist's handle) and the stores'
 * answers. Returns what was written and refused.
 */
export async function writeHostileCycle(
  env: RulesTestEnvironment,
  prefix: string,
  accounts: readonly HostileAccount[],
): Promise<WriteTally> {
  const tally: WriteTally = { documents: 0, refused: 0, values: accounts.reduce((sum, account) => sum + valuesOf(account), 0) };
  const as = (uid: string): Firestore => env.authenticatedContext(uid, { email_verified: true }).firestore() as unknown as Firestore;
  const attempt = async (write: () => Promise<unknown>) => {
    tally.documents++;
    try {
      await write();
      return true;
    } catch {
      tally.refused++;
      return false;
    }
  };
  const uids = accounts.map((_, n) => `${prefix}-${n}`);
  const stores = accounts.flatMap((account, n) => (account.kind === 'store' ? [uids[n]!] : []));
  const today = tokyoDateKey(new Date());
  const digits = tokyoDigits();

  const profileWrite = (uid: string, account: HostileAccount) => async () => {
    const db = as(uid);
    const collection = account.kind === 'store' ? 'stores' : 'accounts';
    const batch = writeBatch(db);
    batch.set(doc(db, collection, uid), {
      userId: uid,
      ...account.profile,
      photo: '',
      published: true,
      createdAt: serverTimestamp(),
      updatedAt: serverTimestamp(),
    });
    batch.set(doc(db, 'slugs', account.profile.profileSlug), { userId: uid, kind: account.kind, releasedAt: null });
    if (account.profile.channels.x) batch.set(doc(db, 'currentHandles', `x_${account.profile.channels.x}`), { userId: uid });
    await batch.commit();
  };
  const blogWrite = (uid: string, blog: HostileAccount['blog']) => () =>
    setDoc(doc(as(uid), 'blogs', `${uid}_${digits}_0`), {
      userId: uid,
      ...blog,
      cover: null,
      images: [],
      published: true,
      publishAt: serverTimestamp(),
      createdAt: serverTimestamp(),
      updatedAt: serverTimestamp(),
      hidden: false,
    });

  const published = new Set<string>();
  for (const [n, account] of accounts.entries())
    if (account.kind === 'store' && (await attempt(profileWrite(uids[n]!, account)))) published.add(uids[n]!);
  await Promise.all(
    accounts.map(async (account, n) => {
      const uid = uids[n]!;
      if (account.kind === 'store') {
        if (!published.has(uid)) return;
        await attempt(blogWrite(uid, account.blog));
        for (const list of ['courses', 'options'] as const)
          await attempt(() => updateDoc(doc(as(uid), 'stores', uid), { [list]: account.menu[list], updatedAt: serverTimestamp() }));
        return;
      }
      if (!(await attempt(profileWrite(uid, account)))) return;
      const db = as(uid);
      const storeId = account.store && stores.length > 0 ? stores[account.store.nth % stores.length]! : null;
      if (storeId)
        await attempt(() =>
          setDoc(doc(db, 'storeRequests', uid), { userId: uid, storeId, requestedAt: serverTimestamp(), updatedAt: serverTimestamp() }),
        );
      await attempt(async () => {
        const batch = writeBatch(db);
        const id = `x_${account.frozen.handle}`;
        batch.set(doc(db, 'frozenAccounts', id), {
          userId: uid,
          platform: 'x',
          ...account.frozen,
          verification: 'self',
          confirmedBy: null,
          slot: 0,
          createdAt: serverTimestamp(),
          updatedAt: serverTimestamp(),
        });
        batch.set(doc(db, 'users', uid, 'handleSlots', '0'), { handleId: id });
        await batch.commit();
      });
      const date = addDays(today, account.shift.inDays);
      await attempt(() =>
        setDoc(doc(db, 'schedules', `${uid}_${date}_0`), {
          userId: uid,
          storeId: null,
          date,
          start: account.shift.start,
          end: account.shift.end,
          note: account.shift.note,
          updatedAt: serverTimestamp(),
        }),
      );
      await attempt(blogWrite(uid, account.blog));
      await attempt(() =>
        setDoc(doc(db, 'posts', `${uid}_${digits}_0`), {
          userId: uid,
          text: account.post.text,
          images: [],
          createdAt: serverTimestamp(),
          updatedAt: serverTimestamp(),
          hidden: false,
        }),
      );
      await attempt(async () => {
        const batch = writeBatch(db);
        batch.set(doc(db, 'handleWatches', uid, 'handles', account.watch.handle), {
          handle: account.watch.handle,
          createdAt: serverTimestamp(),
        });
        batch.set(doc(db, 'users', uid), {
          createdAt: serverTimestamp(),
          watchCount: 1,
          lastWatchedHandle: account.watch.handle,
          alerts: { handle: true, blog: false, post: true, schedule: false },
          pushAlerts: false,
        });
        await batch.commit();
      });
      await attempt(() =>
        setDoc(doc(db, 'availableNow', uid), {
          userId: uid,
          until: Timestamp.fromMillis(Date.now() + account.availableNow.minutes * 60_000),
          setBy: uid,
          updatedAt: serverTimestamp(),
        }),
      );
      await attempt(() =>
        setDoc(doc(db, 'reports', `${uid}_0`), {
          userId: uid,
          targetPath: `accounts/${uid}`,
          reason: account.report.reason,
          text: account.report.text,
          createdAt: serverTimestamp(),
        }),
      );
    }),
  );

  // Each therapist disputes the former handle of the next hostile therapist; each store answers who asked it.
  const therapists = accounts.flatMap((account, n) => (account.kind === 'therapist' ? [[uids[n]!, account] as const] : []));
  await Promise.all(
    therapists.map(async ([uid, account], n) => {
      const [, target] = therapists[(n + 1) % therapists.length]!;
      if (target === account) return;
      await attempt(() =>
        setDoc(doc(as(uid), 'disputes', `${uid}_0`), {
          userId: uid,
          handleId: `x_${target.frozen.handle}`,
          kind: 'former',
          evidence: account.dispute.evidence,
          createdAt: serverTimestamp(),
        }),
      );
    }),
  );
  await Promise.all(
    therapists.map(async ([uid, account]) => {
      if (!account.store || stores.length === 0) return;
      const storeId = stores[account.store.nth % stores.length]!;
      const read: { request?: Record<string, unknown> } = {};
      await env.withSecurityRulesDisabled(async (context) => {
        read.request = (await getDoc(doc(context.firestore() as unknown as Firestore, 'storeRequests', uid))).data();
      });
      const request = read.request;
      if (!request || request.storeId !== storeId) return;
      await attempt(() =>
        setDoc(doc(as(storeId), 'memberships', `${storeId}_${uid}`), {
          storeId,
          userId: uid,
          status: account.store!.confirmed ? 'confirmed' : 'declined',
          ...(!account.store!.confirmed && account.store!.reason !== null ? { reason: account.store!.reason } : {}),
          requestedAt: request.requestedAt,
          updatedAt: serverTimestamp(),
        }),
      );
    }),
  );
  return tally;
}
