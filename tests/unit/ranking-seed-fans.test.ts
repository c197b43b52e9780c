/**
 * The demo fans (scripts/seed/fans.ts): deterministic, valid documents, a
 * skewed spread over the therapists, and some fans whose 推し must not count
 * (unverified, younger than 7 days); a scale seed stays modest.
 */
import { describe, expect, it } from 'vitest';
import { countFans, isEligibleFan, type FanAccount, type FavoriteRow } from '../../scripts/ranking/count';
import { fanCountFor, generateFans } from '../../scripts/seed/fans';
import { generateSeed } from '../../scripts/seed/generate';
import { validateSeed } from '../../scripts/seed/write';
import { tokyoInstant } from '../../src/lib/tokyo-date';

const today = '2026-11-22';
const seed = generateSeed({ therapists: 200, today });
const fans = generateFans(seed, { today });
/** The ranking runs just after the seed's day begins. */
const now = new Date(tokyoInstant(today, '00:00').getTime() + 3_600_000);

function asRows(): FavoriteRow[] {
  return fans.docs
    .filter((doc) => doc.path.startsWith('favorites/'))
    .map((doc) => ({
      fan: doc.path.split('/')[1]!,
      target: doc.path.split('/')[3]!,
      kind: doc.data.targetKind as FavoriteRow['kind'],
      createdAt: doc.data.createdAt as Date,
    }));
}
const accounts = new Map<string, FanAccount>(
  fans.users.map((user) => [user.uid, { emailVerified: user.emailVerified, createdAt: user.createdAt, disabled: false }]),
);

describe('demo fans', () => {
  it('are the same for the same options, and leave the rest of the seed as it was', () => {
    expect(generateFans(generateSeed({ therapists: 200, today }), { today })).toEqual(fans);
    expect(generateSeed({ therapists: 200, today })).toEqual(seed);
  });

  it('are 300 accounts, whose favourites and counters pass their schemas', () => {
    expect(fans.users).toHaveLength(300);
    expect(() => validateSeed(fans.docs)).not.toThrow();
    for (const user of fans.users) {
      const rows = fans.docs.filter((doc) => doc.path.startsWith(`favorites/${user.uid}/`));
      const counter = fans.docs.find((doc) => doc.path === `users/${user.uid}`)!;
      expect(counter.data.favoriteCount).toBe(rows.length);
      for (const row of rows) {
        expect(row.data.targetUid).toBe(row.path.split('/')[3]);
        expect((row.data.createdAt as Date).getTime()).toBeGreaterThanOrEqual(user.createdAt.getTime());
        expect((row.data.createdAt as Date).getTime()).toBeLessThan(tokyoInstant(today).getTime());
      }
    }
  });

  it('include fans whose 推し do not count: unverified, and younger than 7 days', () => {
    const ineligible = fans.users.filter((user) => !isEligibleFan(accounts.get(user.uid), now));
    expect(ineligible.some((user) => !user.emailVerified)).toBe(true);
    expect(ineligible.some((user) => user.emailVerified && now.getTime() - user.createdAt.getTime() < 7 * 86_400_000)).toBe(true);
    expect(ineligible.length).toBeGreaterThan(20);
    expect(ineligible.length).toBeLessThan(80);
  });

  it('make a ranking that looks real: many therapists counted, a clear top, the demo therapist near it, no burst', () => {
    const { counts } = countFans(asRows(), accounts, { now });
    const sorted = [...counts.values()].sort((a, b) => b - a);
    expect(counts.size).toBeGreaterThan(100);
    expect(sorted[0]!).toBeGreaterThan(3 * sorted[50]!);
    const demoRank = 1 + sorted.filter((count) => count > counts.get('demo-therapist')!).length;
    expect(demoRank).toBeLessThanOrEqual(10);
    expect(fans.docs.some((doc) => doc.data.targetKind === 'store')).toBe(true);
  });

  it('grow modestly with the seed: at most 2,000 fans', () => {
    expect(fanCountFor(200)).toBe(300);
    expect(fanCountFor(1000)).toBe(1500);
    expect(fanCountFor(10_000)).toBe(2000);
  });
});
