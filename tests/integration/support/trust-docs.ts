/**
 * Valid source documents for the export's integration tests, written with
 * firebase-admin (whose Timestamp the admin SDK accepts; the shared
 * tests/factories use the client SDK's). Override what a test is about.
 */
import { Timestamp, type Firestore } from 'firebase-admin/firestore';

export const AT = Timestamp.fromDate(new Date('2026-11-01T03:00:00Z'));
export const REQUESTED_AT = Timestamp.fromDate(new Date('2026-11-05T03:00:00.123Z'));

export function therapist(uid: string, overrides: Record<string, unknown> = {}) {
  return {
    userId: uid,
    displayName: `セラピスト${uid}`,
    profileSlug: `slug-${uid}`,
    bio: 'よろしくお願いします。',
    photo: '',
    area: '新宿',
    tags: ['癒し系'],
    channels: {},
    published: true,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function store(uid: string, overrides: Record<string, unknown> = {}) {
  return {
    userId: uid,
    displayName: '',
    storeName: `店舗${uid}`,
    profileSlug: `store-${uid}`,
    description: '新宿駅すぐ。',
    photo: '',
    area: '新宿',
    address: '東京都新宿区西新宿1-1-1',
    nearestStation: '新宿駅',
    hours: '12:00〜翌5:00',
    website: '',
    channels: {},
    published: true,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function frozen(uid: string, handle: string, overrides: Record<string, unknown> = {}) {
  return {
    userId: uid,
    platform: 'x',
    handle,
    frozenOn: null,
    note: '',
    verification: 'self',
    confirmedBy: null,
    slot: 0,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function shift(uid: string, date: string, overrides: Record<string, unknown> = {}) {
  return { userId: uid, storeId: null, date, start: '12:00', end: '20:00', note: '', updatedAt: AT, ...overrides };
}

/** storeRequests/{uid}: asking `storeId` since REQUESTED_AT (null: asking none). */
export function storeRequest(uid: string, storeId: string | null, overrides: Record<string, unknown> = {}) {
  return { userId: uid, storeId, requestedAt: storeId === null ? null : REQUESTED_AT, updatedAt: AT, ...overrides };
}

export function membership(storeId: string, uid: string, overrides: Record<string, unknown> = {}) {
  return { storeId, userId: uid, status: 'confirmed', requestedAt: REQUESTED_AT, updatedAt: AT, ...overrides };
}

export function dispute(uid: string, handleId: string, overrides: Record<string, unknown> = {}) {
  return { userId: uid, handleId, kind: 'former', evidence: '凍結前のスクリーンショットがあります。', createdAt: AT, ...overrides };
}

/** storeVerifications/{storeId}: the operator verified the store at `at`. */
export function storeVerification(at: Timestamp = AT) {
  return { verifiedAt: at };
}

export function slug(uid: string, kind: 'therapist' | 'store', releasedAt: Timestamp | null = null) {
  return { userId: uid, kind, releasedAt };
}

/** Writes `docs` (path → data) in one batch. */
export async function put(db: Firestore, docs: Record<string, Record<string, unknown>>): Promise<void> {
  const batch = db.batch();
  for (const [path, data] of Object.entries(docs)) batch.set(db.doc(path), data);
  await batch.commit();
}

/** blogs/{uid}_{yyyymmdd}_{n}: published at `at`, no pictures. */
export function blog(uid: string, at: Timestamp = AT, overrides: Record<string, unknown> = {}) {
  return {
    userId: uid,
    title: '今日の日記',
    body: 'こんにちは',
    cover: null,
    images: [],
    tags: [],
    published: true,
    publishAt: at,
    createdAt: at,
    updatedAt: at,
    hidden: false,
    ...overrides,
  };
}

/** posts/{uid}_{yyyymmdd}_{n}: written at `at`, no pictures. */
export function post(uid: string, at: Timestamp = AT, overrides: Record<string, unknown> = {}) {
  return { userId: uid, text: '渋谷にいます', images: [], createdAt: at, updatedAt: at, hidden: false, ...overrides };
}
