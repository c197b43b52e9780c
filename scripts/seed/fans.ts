/**
 * Demo fans for the 推しランキング: accounts in the Auth emulator (most with a
 * verified email and created weeks or months ago, some unverified, a few
 * younger than 7 days, whose 推し must not count) and their favourites,
 * spread over the seeded therapists by a skewed popularity so the ranking
 * looks real (and a few over stores, which are not ranked); then the
 * ranking of a week ago and of today. Deterministic: its own random
 * streams, so the rest of the seed stays as it was.
 */
import type { Auth, UserImportRecord, UserRecord } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { tokyoInstant } from '../../src/lib/tokyo-date';
import { RANKING_SNAPSHOT_DAYS } from '../../src/schema/rankings';
import { runRanking } from '../ranking';
import type { SeedDoc } from './seed-doc';
import { SeededRandom } from './random';

export interface FanUser {
  uid: string;
  email: string;
  emailVerified: boolean;
  createdAt: Date;
}

export interface DemoFans {
  /** favorites/{fan}/items/{target} and users/{fan} (favoriteCount, lastFavoriteTarget). */
  docs: SeedDoc[];
  users: FanUser[];
}

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Shares of fans: unverified email, and accounts a few days old (neither counts). */
const UNVERIFIED_SHARE = 0.08;
const YOUNG_SHARE = 0.07;
const STORE_FAVORITE_SHARE = 0.05;
const MAX_FAVORITES_PER_FAN = 10;

/** 300 fans for the demo; more for larger seeds, at most 2,000 (a scale seed stays quick). */
export function fanCountFor(therapists: number): number {
  return Math.min(2000, Math.max(300, Math.round(therapists * 1.5)));
}

export const fanId = (n: number) => `fan-${String(n).padStart(5, '0')}`;

/** Picks from `items` by weight (cumulative weights, binary search). */
function weightedPicker<T>(items: readonly T[], weights: readonly number[], random: SeededRandom): () => T {
  const cumulative: number[] = [];
  let total = 0;
  for (const weight of weights) cumulative.push((total += weight));
  return () => {
    const at = random.next() * total;
    let low = 0;
    let high = cumulative.length - 1;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (cumulative[mid]! > at) high = mid;
      else low = mid + 1;
    }
    return items[low]!;
  };
}

/**
 * The fans' accounts: from their own random stream, so every seed of the
 * same day and size makes the same ones (seeds of several projects share
 * the Auth emulator's browser project).
 */
function fanUsers(count: number, base: number, seed: string): FanUser[] {
  const random = new SeededRandom(`${seed}-fan-accounts`);
  return Array.from({ length: count }, (_, index) => {
    const uid = fanId(index + 1);
    const kind = random.next();
    const young = kind < YOUNG_SHARE;
    const createdAt = new Date(young ? base - random.int(1, 5) * DAY_MS - random.int(0, 23) * HOUR_MS : base - random.int(9, 500) * DAY_MS);
    return { uid, email: `${uid}@fans.theralink.test`, emailVerified: young || kind >= YOUNG_SHARE + UNVERIFIED_SHARE, createdAt };
  });
}

export function generateFans(seedDocs: readonly SeedDoc[], options: { today: string; seed?: string }): DemoFans {
  const seed = options.seed ?? 'theralink-demo';
  const random = new SeededRandom(`${seed}-fans`);
  const base = tokyoInstant(options.today, '00:00').getTime();
  const therapists = seedDocs.filter((doc) => doc.path.startsWith('accounts/')).map((doc) => doc.path.slice('accounts/'.length));
  const stores = seedDocs.filter((doc) => doc.path.startsWith('stores/')).map((doc) => doc.path.slice('stores/'.length));
  if (therapists.length === 0) return { docs: [], users: [] };
  // A skewed popularity over a shuffled order; the demo therapist near the top, so her profile shows a rank.
  const order = random.sample(therapists, therapists.length);
  const demo = order.indexOf('demo-therapist');
  if (demo > 2) order.splice(2, 0, ...order.splice(demo, 1));
  const pickTherapist = weightedPicker(
    order,
    order.map((_, index) => 1 / (index + 4) ** 0.9),
    random,
  );

  const docs: SeedDoc[] = [];
  const users = fanUsers(fanCountFor(therapists.length), base, seed);
  for (const { uid, createdAt } of users) {
    const targets = new Map<string, 'therapist' | 'store'>();
    const wanted = 1 + Math.floor(random.next() ** 2 * MAX_FAVORITES_PER_FAN);
    for (let tries = 0; targets.size < wanted && tries < wanted * 4; tries++) {
      if (stores.length > 0 && random.chance(STORE_FAVORITE_SHARE)) targets.set(random.pick(stores), 'store');
      else targets.set(pickTherapist(), 'therapist');
    }
    for (const [target, targetKind] of targets) {
      // Some time between her sign-up and an hour before the seed's day.
      const at = createdAt.getTime() + random.next() * (base - HOUR_MS - createdAt.getTime());
      docs.push({ path: `favorites/${uid}/items/${target}`, data: { targetUid: target, targetKind, createdAt: new Date(at) } });
    }
    // Counted and the last one named, as the rules require of a client (docs/decisions/favorites-and-handle-watches.md).
    docs.push({ path: `users/${uid}`, data: { createdAt, favoriteCount: targets.size, lastFavoriteTarget: [...targets.keys()].at(-1)! } });
  }
  return { docs, users };
}

/** Accounts per getUsers call (its limit). */
const AUTH_BATCH = 100;

const importRecord = (user: FanUser): UserImportRecord => ({
  uid: user.uid,
  email: user.email,
  emailVerified: user.emailVerified,
  metadata: { creationTime: user.createdAt.toUTCString(), lastSignInTime: user.createdAt.toUTCString() },
});

const sameAccount = (user: FanUser, existing: UserRecord) =>
  existing.email === user.email &&
  existing.emailVerified === user.emailVerified &&
  new Date(existing.metadata.creationTime).getTime() === user.createdAt.getTime();

/**
 * Creates the fans in Auth (the emulator). Seeds of several projects share
 * its browser project, so a fan that is already there as wanted is left
 * alone; one that differs (another day's seed) is deleted and imported
 * again, since an import never overwrites an account.
 */
export async function writeFanUsers(auth: Auth, users: readonly FanUser[]): Promise<void> {
  for (let start = 0; start < users.length; start += AUTH_BATCH) {
    const batch = users.slice(start, start + AUTH_BATCH);
    const { users: existing } = await auth.getUsers(batch.map((user) => ({ uid: user.uid })));
    const found = new Map(existing.map((record) => [record.uid, record]));
    const stale = batch.filter((user) => found.has(user.uid) && !sameAccount(user, found.get(user.uid)!));
    const wanted = batch.filter((user) => !found.has(user.uid) || stale.includes(user));
    if (stale.length > 0) await auth.deleteUsers(stale.map((user) => user.uid));
    if (wanted.length === 0) continue;
    const result = await auth.importUsers(wanted.map(importRecord));
    // Imported meanwhile by a seed of another project: the same fan.
    const failed = result.errors.filter((error) => !/existing account/i.test(error.error.message));
    if (failed.length > 0) throw new Error(`Could not create ${failed.length} demo fans: ${failed[0]!.error.message}`);
  }
}

/**
 * The fans' accounts in Auth, then the ranking as it stood a week ago and
 * as it stands now, so the demo shows the week's change from the start.
 */
export async function seedFanRanking(db: Firestore, auth: Auth, users: readonly FanUser[]): Promise<void> {
  await writeFanUsers(auth, users);
  const now = new Date();
  await runRanking({ db, auth, now: new Date(now.getTime() - RANKING_SNAPSHOT_DAYS * DAY_MS) });
  await runRanking({ db, auth, now });
}
