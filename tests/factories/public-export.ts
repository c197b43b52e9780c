/**
 * A public export (src/registry/public-collections.ts shapes) made in
 * memory, for tests of the site build that need no emulator: a few stores,
 * `therapists` therapists with shifts from `today` on, former handles
 * (enough for two pages of /frozen-accounts at 40 therapists), one picture.
 */
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { exportDataFiles } from '../../scripts/export/data-files';
import path from 'node:path';
import { emptyExport, PUBLIC_COLLECTIONS, PUBLIC_COLLECTION_NAMES, type ExportRecords } from '../../src/registry/public-collections';
import {
  EXPORT_META_FILE,
  type PublicBlog,
  type PublicFrozenAccount,
  type PublicPost,
  type PublicShift,
  type PublicStore,
  type PublicTherapist,
} from '../../src/schema/public';
import { plainExcerpt } from '../../src/lib/markdown/excerpt';
import { addDays } from '../../src/lib/tokyo-date';
import type { PublicRanking } from '../../src/schema/rankings';
import { withRanks } from '../../src/lib/ranking-tables';
import type { Area } from '../../src/lib/areas';

const AT = '2026-11-01T03:00:00.000Z';
/** The areas the records take turns in (of the vocabulary, src/lib/areas.ts). */
const RECORD_AREAS = ['新宿', '渋谷', '池袋'] as const satisfies readonly Area[];
const NAMES = ['みう', 'さくら', 'れいな', 'あかり', 'ひなた', 'ゆい', 'りこ', 'まお'];
const pad = (n: number) => String(n).padStart(2, '0');

export function storeRecord(n: number, overrides: Partial<PublicStore> = {}): PublicStore {
  return {
    id: `store-${pad(n)}`,
    displayName: n % 3 === 0 ? '' : `アロマ${RECORD_AREAS[n % RECORD_AREAS.length]}${n}号店`,
    storeName: `リラクサロン${n}`,
    profileSlug: `salon-${pad(n)}`,
    description: `${RECORD_AREAS[n % RECORD_AREAS.length]}駅から徒歩${n}分。`,
    photoURL: '',
    area: RECORD_AREAS[n % RECORD_AREAS.length]!,
    address: `東京都${n}-${n}`,
    nearestStation: `${RECORD_AREAS[n % RECORD_AREAS.length]}駅`,
    hours: '12:00〜24:00',
    website: n % 2 ? `https://example.com/salon-${n}` : '',
    channels: n % 2 ? { x: `salon_${pad(n)}` } : {},
    courses: [],
    options: [],
    // Most stores are operator-verified; every fourth is not.
    verified: n % 4 !== 1,
    updatedAt: AT,
    ...overrides,
  };
}

export function therapistRecord(n: number, storeId: string | null, overrides: Partial<PublicTherapist> = {}): PublicTherapist {
  return {
    id: `th-${pad(n)}`,
    displayName: `${NAMES[n % NAMES.length]}${n}`,
    profileSlug: `therapist-${pad(n)}`,
    bio: `セラピスト${n}です。よろしくお願いします。`,
    photoURL: n === 5 ? 'https://firebasestorage.googleapis.com/v0/b/demo/o/avatars%2Fth-05%2F0.webp?alt=media' : '',
    storeId,
    area: RECORD_AREAS[n % RECORD_AREAS.length]!,
    tags: n % 2 ? ['癒し系'] : [],
    channels: n % 3 === 0 ? { x: `now_th${pad(n)}` } : { litlink: `th${pad(n)}` },
    updatedAt: AT,
    ...overrides,
  };
}

export function frozenRecord(
  owner: { id: string },
  handle: string,
  ownerKind: 'therapist' | 'store',
  overrides: Partial<PublicFrozenAccount> = {},
) {
  return {
    id: `x_${handle}`,
    userId: owner.id,
    ownerKind,
    platform: 'x' as const,
    handle,
    frozenOn: null,
    note: '',
    verification: 'self' as const,
    disputed: false,
    createdAt: AT,
    ...overrides,
  } satisfies PublicFrozenAccount;
}

export function shiftRecord(therapist: PublicTherapist, date: string, start = '12:00', end = '20:00'): PublicShift {
  return {
    id: `sh-${therapist.id}-${date}-${start.slice(0, 2)}`,
    userId: therapist.id,
    storeId: therapist.storeId,
    date,
    start,
    end,
    note: '',
  };
}

/** Her `n`th blog (0 = the oldest), a day apart from 2026-11-01 on, ids as the editor makes them. */
export function blogRecord(owner: { id: string }, n: number, overrides: Partial<PublicBlog> = {}): PublicBlog {
  const at = new Date(Date.parse(AT) + n * 86_400_000).toISOString();
  const blog: Omit<PublicBlog, 'teaser'> = {
    id: `${owner.id}_${at.slice(0, 10).replace(/-/g, '')}_0`,
    userId: owner.id,
    ownerKind: owner.id.startsWith('store-') ? 'store' : 'therapist',
    title: `今日の日記 その${n + 1}`,
    body: `こんにちは。**${n + 1}本目**の日記です。\n\n## 今週の出勤\n\n- 月曜\n- 木曜\n\nご予約お待ちしています。`,
    images: {},
    coverURL: '',
    tags: n % 2 ? ['出勤', 'アロマ'] : ['日記'],
    publishedAt: at,
    updatedAt: at,
    ...overrides,
  };
  // As the export works it out (src/registry/derive.ts).
  return { ...blog, teaser: overrides.teaser ?? plainExcerpt(blog.body) };
}

export function postRecord(owner: { id: string }, n: number, overrides: Partial<PublicPost> = {}): PublicPost {
  const at = new Date(Date.parse(AT) + n * 3_600_000).toISOString();
  return {
    id: `${owner.id}_${at.slice(0, 10).replace(/-/g, '')}_${n % 20}`,
    userId: owner.id,
    ownerKind: owner.id.startsWith('store-') ? 'store' : 'therapist',
    text: `本日${12 + (n % 8)}時から出勤します。\nよろしくお願いします！`,
    imageURLs: [],
    createdAt: at,
    ...overrides,
  };
}

/** The export of `therapists` therapists and six stores, with shifts from `today`, blogs and posts. */
export function publicExport({ therapists = 40, today = '2026-11-22' }: { therapists?: number; today?: string } = {}): ExportRecords {
  const stores = Array.from({ length: 6 }, (_, i) => storeRecord(i + 1));
  const people = Array.from({ length: therapists }, (_, i) => {
    const n = i + 1;
    return therapistRecord(n, n % 7 === 0 ? null : stores[n % stores.length]!.id);
  });
  const frozenAccounts = [
    ...people.flatMap((t, i) => [
      frozenRecord(t, `old_th${pad(i + 1)}`, 'therapist', {
        frozenOn: i % 4 ? null : '2026-10-01',
        verification: i % 5 ? 'self' : 'store',
      }),
      ...(i % 2 ? [] : [frozenRecord(t, `${i % 3 ? 'x' : '9'}mail_th${pad(i + 1)}`, 'therapist')]),
    ]),
    ...stores.map((s, i) => frozenRecord(s, `old_salon${pad(i + 1)}`, 'store')),
  ].sort((a, b) => (a.id < b.id ? -1 : 1));
  const shifts = people
    .flatMap((t, i) => [shiftRecord(t, addDays(today, i % 3)), shiftRecord(t, addDays(today, 7), '18:00', '03:00')])
    .sort((a, b) => (a.id < b.id ? -1 : 1));
  const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);
  // Every third therapist writes n % 4 + 1 blogs; the first store one; every fourth therapist posts twice.
  const blogs = [
    ...people.flatMap((t, i) => (i % 3 ? [] : Array.from({ length: (i % 4) + 1 }, (_, n) => blogRecord(t, n)))),
    blogRecord(stores[0]!, 2),
  ].sort(byId);
  const posts = people.flatMap((t, i) => (i % 4 ? [] : [postRecord(t, i), postRecord(t, i + 1)])).sort(byId);
  // Collections it makes no records of stay empty.
  return {
    ...emptyExport(),
    therapists: people,
    stores,
    frozenAccounts,
    shifts,
    blogs,
    posts,
    rankings: [rankingRecord(people.slice(0, 12))],
  };
}

/** rankings.json's record: `ranked` in this order with falling counts (the 2nd and 3rd tied), overall and by area. */
export function rankingRecord(ranked: readonly PublicTherapist[], overrides: Partial<PublicRanking> = {}): PublicRanking {
  const counted = ranked.map((therapist, i) => ({ uid: therapist.id, area: therapist.area, count: i === 2 ? 38 : 40 - i * 2 }));
  // Last week: some one place lower, some the same, some not ranked.
  const entries = (rows: typeof counted) =>
    withRanks(rows).map(({ uid, count, rank }, i) => ({
      uid,
      count,
      rank,
      previousRank: i % 3 === 0 ? rank + 1 : i % 3 === 1 ? rank : null,
    }));
  const areas: PublicRanking['areas'] = {};
  for (const area of [...new Set(counted.map((row) => row.area))].sort()) areas[area] = entries(counted.filter((row) => row.area === area));
  return { id: 'current', computedAt: AT, comparedWith: '2026-10-25', overall: entries(counted), areas, ...overrides };
}

/** Writes an export folder as scripts/export.ts would (one JSON array per collection or author shard, meta.json). */
export async function writePublicExport(dir: string, records: ExportRecords): Promise<void> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dir, { recursive: true });
  for (const name of PUBLIC_COLLECTION_NAMES) {
    if (PUBLIC_COLLECTIONS[name].shardBy) await mkdir(path.join(dir, PUBLIC_COLLECTIONS[name].file));
  }
  for (const { file, text } of exportDataFiles(records)) await writeFile(path.join(dir, file), text);
  const counts = Object.fromEntries(PUBLIC_COLLECTION_NAMES.map((name) => [name, records[name].length]));
  await writeFile(path.join(dir, EXPORT_META_FILE), `${JSON.stringify({ exportedAt: AT, source: 'test', counts })}\n`);
}
