import { describe, expect, it } from 'vitest';
import { generateSeed, storeSlug } from '../../scripts/seed/generate';
import { SLUG_PATTERN } from '../../src/lib/slugs';
import { STORE_BRANDS } from '../../scripts/seed/words';
import { X_HANDLE_PATTERN } from '../../src/lib/handles';
import { validateSeed } from '../../scripts/seed/write';
import { MAX_FORMER_HANDLES } from '../../src/schema/frozen-accounts';
import { MAX_SHIFTS_PER_DAY, SHIFT_DAYS_AHEAD } from '../../src/schema/schedules';
import { addDays } from '../../src/lib/tokyo-date';
import { AREAS, isArea, prefectureOf } from '../../src/lib/areas';
import { SEED_AREAS, storeAreas } from '../../scripts/seed/areas';

const today = '2026-11-22';
const count = (docs: { path: string }[], prefix: string) => docs.filter((d) => d.path.startsWith(prefix)).length;

describe('generateSeed', () => {
  const docs = generateSeed({ therapists: 200, today });

  it('is deterministic', () => {
    expect(generateSeed({ therapists: 200, today })).toEqual(docs);
  });

  it('differs with another seed', () => {
    expect(generateSeed({ therapists: 200, today, seed: 'other' })).not.toEqual(docs);
  });

  it('has the demo sizes', () => {
    expect(count(docs, 'accounts/')).toBe(200);
    expect(count(docs, 'stores/')).toBeGreaterThanOrEqual(30);
    expect(count(docs, 'frozenAccounts/')).toBeGreaterThanOrEqual(100);
    const areas = new Set(docs.filter((d) => d.path.startsWith('stores/')).map((d) => d.data.area));
    expect(areas.size).toBeGreaterThanOrEqual(6);
  });

  it('takes every area from the vocabulary and spreads profiles over the country, most in Tokyo', () => {
    const profiles = docs.filter((d) => d.path.startsWith('stores/') || d.path.startsWith('accounts/'));
    for (const { path, data } of profiles) expect(isArea(data.area), `${path}: ${String(data.area)}`).toBe(true);
    const byPrefecture = (prefix: string) => {
      const counts = new Map<string, number>();
      for (const { path, data } of profiles) {
        if (!path.startsWith(prefix)) continue;
        const prefecture = prefectureOf(data.area as string) ?? 'その他';
        counts.set(prefecture, (counts.get(prefecture) ?? 0) + 1);
      }
      return [...counts].sort((a, b) => b[1] - a[1]);
    };
    for (const prefix of ['stores/', 'accounts/']) {
      const prefectures = byPrefecture(prefix);
      expect(prefectures.length, prefix).toBeGreaterThanOrEqual(6);
      expect(prefectures[0]![0], prefix).toBe('東京都');
      expect(
        prefectures.map(([name]) => name),
        prefix,
      ).toEqual(expect.arrayContaining(['大阪府', '神奈川県', '愛知県', '福岡県']));
    }
    const demoStore = docs.find((d) => d.path === 'stores/demo-store')!.data;
    expect([demoStore.area, demoStore.storeName]).toEqual(['新宿', 'アロマリゾート新宿']);
  });

  it('gives each area stores in proportion to its weight, at any store count', () => {
    expect(Object.keys(SEED_AREAS)).toEqual([...AREAS]);
    const total = AREAS.reduce((sum, area) => sum + SEED_AREAS[area].weight, 0);
    const areas = storeAreas(total * 3);
    for (const area of AREAS) expect(areas.filter((one) => one === area).length, area).toBe(SEED_AREAS[area].weight * 3);
    expect(storeAreas(1)).toEqual(['新宿']);
  });

  it('has most therapists published and some not', () => {
    const published = docs.filter((d) => d.path.startsWith('accounts/') && d.data.published).length;
    expect(published).toBeGreaterThan(150);
    expect(published).toBeLessThan(200);
  });

  it('puts shifts on the next 14 days only, inside the window the rules allow', () => {
    const dates = new Set(docs.filter((d) => d.path.startsWith('schedules/')).map((d) => d.data.date as string));
    expect([...dates].sort()[0]).toBe(today);
    expect([...dates].sort().at(-1)).toBe('2026-12-05');
    expect([...dates].sort()[0]! >= addDays(today, -1)).toBe(true);
    expect([...dates].sort().at(-1)! <= addDays(today, SHIFT_DAYS_AHEAD)).toBe(true);
  });

  it('keys each shift {uid}_{date}_{slot}, at most three a day', () => {
    const shifts = docs.filter((d) => d.path.startsWith('schedules/'));
    const perDay = new Map<string, number>();
    for (const { path, data } of shifts) {
      const match = /^schedules\/(.+)_(\d{4}-\d{2}-\d{2})_(\d)$/.exec(path);
      expect(match, path).not.toBeNull();
      expect(match![1]).toBe(data.userId);
      expect(match![2]).toBe(data.date);
      expect(Number(match![3])).toBeLessThan(MAX_SHIFTS_PER_DAY);
      const key = `${data.userId}_${data.date}`;
      perDay.set(key, (perDay.get(key) ?? 0) + 1);
    }
    expect(Math.max(...perDay.values())).toBeLessThanOrEqual(MAX_SHIFTS_PER_DAY);
    expect(Math.max(...perDay.values())).toBeGreaterThan(1);
    expect(new Set(shifts.map((d) => d.path)).size).toBe(shifts.length);
  });

  it('keys each former handle by x_{handle}, as the rules require', () => {
    const frozen = docs.filter((d) => d.path.startsWith('frozenAccounts/'));
    for (const { path, data } of frozen) {
      expect(data.handle).toMatch(X_HANDLE_PATTERN);
      expect(path).toBe(`frozenAccounts/x_${data.handle as string}`);
    }
    expect(frozen.map((d) => d.path)).toContain('frozenAccounts/x_miu_0312');
  });

  it('never gives two owners the same handle or slug', () => {
    const frozen = docs.filter((d) => d.path.startsWith('frozenAccounts/'));
    const handles = frozen.map((d) => d.data.handle);
    expect(new Set(handles).size).toBe(handles.length);
    expect(new Set(frozen.map((d) => d.path)).size).toBe(frozen.length);
    const slugs = docs.filter((d) => d.path.startsWith('slugs/'));
    const held = slugs.filter((d) => d.data.releasedAt !== null);
    expect(slugs.length - held.length).toBe(count(docs, 'accounts/') + count(docs, 'stores/'));
    const profiles = docs.filter((d) => /^(accounts|stores)\//.test(d.path));
    for (const { path, data } of profiles) {
      expect(docs.find((d) => d.path === `slugs/${data.profileSlug as string}`)?.data, path).toMatchObject({
        userId: data.userId,
        releasedAt: null,
      });
    }
  });

  it('holds one released slug of a published therapist, renamed 10 days ago, listed in her slugHolds', () => {
    const held = docs.filter((d) => d.path.startsWith('slugs/') && d.data.releasedAt !== null);
    expect(held).toHaveLength(1);
    expect(docs.filter((d) => d.path.startsWith('slugHolds/'))).toEqual([
      { path: `slugHolds/${held[0]!.data.userId as string}`, data: { slugs: [held[0]!.path.slice('slugs/'.length)] } },
    ]);
    const owner = docs.find((d) => d.path === `accounts/${held[0]!.data.userId as string}`)!;
    expect(owner.data.published).toBe(true);
    expect(`slugs/${owner.data.profileSlug as string}`).not.toBe(held[0]!.path);
    expect((held[0]!.data.releasedAt as Date).getTime()).toBe(new Date('2026-11-11T15:00:00Z').getTime());
  });

  const accounts = () => docs.filter((d) => d.path.startsWith('accounts/'));
  const requests = () => docs.filter((d) => d.path.startsWith('storeRequests/'));
  const membership = (storeId: unknown, uid: unknown) => docs.find((d) => d.path === `memberships/${String(storeId)}_${String(uid)}`);

  it('keeps the store request out of the public profile', () => {
    for (const { data } of accounts()) {
      expect(data).not.toHaveProperty('storeId');
      expect(data).not.toHaveProperty('storeRequestedAt');
    }
  });

  it('asks only published stores, in a request of her own with when she asked', () => {
    const published = new Set(docs.filter((d) => d.path.startsWith('stores/') && d.data.published).map((d) => d.data.userId));
    const therapists = new Set(accounts().map((d) => d.data.userId));
    // Most of the 200 ask a store (those whose area has none ask none).
    expect(requests().length).toBeGreaterThan(120);
    for (const { path, data } of requests()) {
      expect(path).toBe(`storeRequests/${String(data.userId)}`);
      expect(therapists.has(data.userId)).toBe(true);
      expect(published.has(data.storeId)).toBe(true);
      expect(data.requestedAt).toBeInstanceOf(Date);
    }
  });

  it('confirms most memberships for her current request, and leaves some pending or declined', () => {
    const answers = requests().map((d) => membership(d.data.storeId, d.data.userId));
    const confirmed = answers.filter((m) => m?.data.status === 'confirmed');
    expect(confirmed.length / requests().length).toBeGreaterThan(0.8);
    expect(answers.filter((m) => m === undefined).length).toBeGreaterThanOrEqual(3);
    expect(answers.some((m) => m?.data.status === 'declined')).toBe(true);
    for (const d of requests()) {
      const m = membership(d.data.storeId, d.data.userId);
      if (m) expect(m.data.requestedAt).toEqual(d.data.requestedAt);
    }
    // No membership is about a store she does not ask.
    for (const m of docs.filter((d) => d.path.startsWith('memberships/'))) {
      expect(requests().find((r) => r.data.userId === m.data.userId)!.data.storeId).toBe(m.data.storeId);
    }
  });

  it('makes the demo therapist a confirmed member of the demo store, which has pending requests', () => {
    expect(membership('demo-store', 'demo-therapist')?.data.status).toBe('confirmed');
    const pending = requests().filter((d) => d.data.storeId === 'demo-store' && !membership('demo-store', d.data.userId));
    expect(pending.length).toBeGreaterThanOrEqual(2);
  });

  it('puts each shift at her confirmed store, or none', () => {
    const storeOf = new Map(requests().map((d) => [d.data.userId, d.data.storeId]));
    const shifts = docs.filter((d) => d.path.startsWith('schedules/'));
    expect(shifts.length).toBeGreaterThan(0);
    for (const { data } of shifts) {
      if (data.storeId === null) continue;
      expect(data.storeId).toBe(storeOf.get(data.userId));
      expect(membership(data.storeId, data.userId)?.data.status).toBe('confirmed');
    }
    expect(shifts.some((d) => d.data.storeId === null && storeOf.has(d.data.userId))).toBe(true);
  });

  it('gives every former handle a slot doc, at most ten per owner, with mixed verification', () => {
    const frozen = docs.filter((d) => d.path.startsWith('frozenAccounts/'));
    const slots = new Set<string>();
    for (const { path, data } of frozen) {
      expect(data.slot as number).toBeLessThan(MAX_FORMER_HANDLES);
      const slotPath = `users/${data.userId as string}/handleSlots/${data.slot as number}`;
      expect(slots.has(slotPath)).toBe(false);
      slots.add(slotPath);
      expect(docs.find((d) => d.path === slotPath)?.data).toEqual({ handleId: path.split('/')[1] });
    }
    expect(count(docs, 'users/') - 3 - 1).toBe(frozen.length);
    const levels = frozen.map((d) => d.data.verification);
    const share = (level: string) => levels.filter((l) => l === level).length / levels.length;
    expect(share('self')).toBeGreaterThan(0.5);
    expect(share('store')).toBeGreaterThan(0.05);
    expect(share('operator')).toBeGreaterThan(0.02);
    // A store vouches only for its confirmed members, and the claim names it.
    for (const { data } of frozen.filter((d) => d.data.verification === 'store')) {
      const request = requests().find((r) => r.data.userId === data.userId)!;
      expect(membership(request.data.storeId, data.userId)?.data.status).toBe('confirmed');
      expect(data.confirmedBy).toBe(request.data.storeId);
    }
    for (const { data } of frozen.filter((d) => d.data.verification !== 'store')) expect(data.confirmedBy).toBeNull();
    expect(docs.find((d) => d.path === 'frozenAccounts/x_miu_0312')?.data).toMatchObject({
      verification: 'store',
      confirmedBy: 'demo-store',
      slot: 0,
    });
  });

  it('verifies most stores, the demo store among them, and leaves some store claims from unverified stores', () => {
    const stores = docs.filter((d) => d.path.startsWith('stores/'));
    const verified = new Set(docs.filter((d) => d.path.startsWith('storeVerifications/')).map((d) => d.path.split('/')[1]));
    expect(verified.has('demo-store')).toBe(true);
    expect(verified.size / stores.length).toBeGreaterThan(0.6);
    expect(verified.size).toBeLessThan(stores.length);
    for (const id of verified) expect(stores.some((d) => d.path === `stores/${id}`)).toBe(true);
    const storeClaims = docs.filter((d) => d.path.startsWith('frozenAccounts/') && d.data.verification === 'store');
    expect(storeClaims.some((d) => !verified.has(d.data.confirmedBy as string))).toBe(true);
  });

  it('reserves every current X handle, and no current handle is a former one', () => {
    const profiles = docs.filter((d) => /^(accounts|stores)\//.test(d.path));
    const current = profiles.filter((d) => (d.data.channels as { x?: string }).x);
    expect(count(docs, 'currentHandles/')).toBe(current.length);
    for (const { data } of current) {
      const id = `x_${(data.channels as { x: string }).x}`;
      expect(docs.find((d) => d.path === `currentHandles/${id}`)?.data).toEqual({ userId: data.userId });
      expect(docs.some((d) => d.path === `frozenAccounts/${id}`)).toBe(false);
    }
  });

  it('opens two disputes of one claimant: on a self-declared handle and on one a verified store confirmed, both someone else’s', () => {
    const disputes = docs.filter((d) => d.path.startsWith('disputes/'));
    expect(disputes.map((d) => d.path)).toEqual([
      `disputes/${disputes[0]!.data.userId as string}_0`,
      `disputes/${disputes[0]!.data.userId as string}_1`,
    ]);
    const claims = disputes.map(({ data }) => docs.find((d) => d.path === `frozenAccounts/${data.handleId as string}`)!);
    expect(claims.map((claim) => claim.data.verification)).toEqual(['self', 'store']);
    expect(docs.some((d) => d.path === `storeVerifications/${claims[1]!.data.confirmedBy as string}`)).toBe(true);
    for (const claim of claims) expect(claim.data.userId).not.toBe(disputes[0]!.data.userId);
  });

  it('passes every collection schema', () => {
    expect(() => validateSeed(docs)).not.toThrow();
  });

  it('scales to a requested number of therapists', () => {
    const big = generateSeed({ therapists: 3000, today });
    expect(count(big, 'accounts/')).toBe(3000);
    expect(count(big, 'stores/')).toBe(429);
  });
});

describe('storeSlug', () => {
  it('is a valid slug for every brand and area, up to the 100,000-therapist seed', () => {
    for (const [, brand] of STORE_BRANDS)
      for (const { romaji } of Object.values(SEED_AREAS))
        for (const i of [1, 99, 533, 9_999, 99_999]) expect(storeSlug(brand, romaji, i), `${brand} ${romaji} ${i}`).toMatch(SLUG_PATTERN);
  });
});

describe('validateSeed', () => {
  it('names the bad document', () => {
    expect(() => validateSeed([{ path: 'accounts/x', data: { userId: 'x' } }])).toThrow(/Seed document accounts\/x is invalid/);
  });
});
