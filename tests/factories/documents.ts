/** Valid documents for tests, per collection schema; override what a test is about. */
import { Timestamp } from 'firebase/firestore';

const at = Timestamp.fromDate(new Date('2026-11-01T03:00:00Z'));

/** The time every seeded document carries (a store request's requestedAt included). */
export const SEEDED_AT = at;

/** accounts/{uid} (src/schema/accounts.ts): published, no current X handle. */
export function therapistDoc(uid: string, overrides: Record<string, unknown> = {}) {
  return {
    userId: uid,
    displayName: 'みう',
    profileSlug: `slug-${uid}`,
    bio: 'よろしくお願いします。',
    photo: '',
    area: '新宿',
    tags: ['癒し系'],
    channels: {},
    published: true,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

/** stores/{uid} (src/schema/stores.ts): published. */
export function storeDocFor(uid: string, overrides: Record<string, unknown> = {}) {
  return {
    userId: uid,
    displayName: 'アロマ新宿',
    storeName: 'アロマリラク新宿本店',
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
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export function userDocFor(overrides: Record<string, unknown> = {}) {
  return { createdAt: at, lastCheckedAnnouncementsAt: at, ...overrides };
}

export function fcmTokenDocFor(token: string, overrides: Record<string, unknown> = {}) {
  return { token, createdAt: at, refreshedAt: at, ...overrides };
}

/** slugs/{slug} in use (releasedAt null), or released at `releasedAt`. */
export function slugDocFor(uid: string, kind: 'therapist' | 'store' = 'therapist', releasedAt: Timestamp | null = null) {
  return { userId: uid, kind, releasedAt };
}

/** slugHolds/{uid}: the released slugs she still holds, oldest first. */
export function slugHoldsDocFor(slugs: string[] = []) {
  return { slugs };
}

/** currentHandles/x_{handle}. */
export function currentHandleDocFor(uid: string) {
  return { userId: uid };
}

/** users/{uid}/handleSlots/{slot}. */
export function handleSlotDocFor(handleId: string) {
  return { handleId };
}

/** storeRequests/{uid} (src/schema/store-requests.ts): asking `storeId` since SEEDED_AT (null: asking none). */
export function storeRequestDocFor(uid: string, storeId: string | null, overrides: Record<string, unknown> = {}) {
  return { userId: uid, storeId, requestedAt: storeId === null ? null : at, updatedAt: at, ...overrides };
}

/** memberships/{storeId}_{uid}: by default the store's confirmation of a request made at SEEDED_AT. */
export function membershipDocFor(storeId: string, uid: string, overrides: Record<string, unknown> = {}) {
  return { storeId, userId: uid, status: 'confirmed', requestedAt: at, updatedAt: at, ...overrides };
}

/** disputes/{uid}_{n}. */
export function disputeDocFor(uid: string, handleId: string, overrides: Record<string, unknown> = {}) {
  return {
    userId: uid,
    handleId,
    kind: 'former',
    evidence: '旧アカウントの凍結通知のスクリーンショットがあります。',
    createdAt: at,
    ...overrides,
  };
}

/** reports/{uid}_{n}. */
export function reportDocFor(uid: string, overrides: Record<string, unknown> = {}) {
  return { userId: uid, targetPath: 'accounts/mallory', reason: 'impersonation', text: 'なりすましです。', createdAt: at, ...overrides };
}

/** storeVerifications/{storeId} (trusted code only): the operator verified the store. */
export function storeVerificationDocFor(overrides: Record<string, unknown> = {}) {
  return { verifiedAt: at, ...overrides };
}

/** storeVerificationRequests/{storeId}: the store asks the operator to verify it. */
export function storeVerificationRequestDocFor(overrides: Record<string, unknown> = {}) {
  return { note: '公式サイトの問い合わせフォームからご連絡ください。', requestedAt: at, ...overrides };
}

/** suspensions/{uid} (trusted code only). */
export function suspensionDocFor(overrides: Record<string, unknown> = {}) {
  return { reason: '運営判断', createdAt: at, ...overrides };
}

export function announcementDocFor(uid: string, overrides: Record<string, unknown> = {}) {
  return { userId: uid, createdAt: at, title: 'お知らせ', body: '', link: '', kind: 'system', ...overrides };
}

/** favorites/{uid}/items/{targetUid} (src/schema/favorites.ts). */
export function favoriteDocFor(
  targetUid: string,
  targetKind: 'therapist' | 'store' = 'therapist',
  overrides: Record<string, unknown> = {},
) {
  return { targetUid, targetKind, createdAt: at, ...overrides };
}

/** handleWatches/{uid}/handles/{handle} (src/schema/favorites.ts). */
export function handleWatchDocFor(handle: string, overrides: Record<string, unknown> = {}) {
  return { handle, createdAt: at, ...overrides };
}

/** One valid document for each collection that stays closed to clients. */
export function privateDocs(owner: string): Record<string, Record<string, unknown>> {
  return {
    [`customers/${owner}/items/c1`]: {
      nickname: 'Aさん',
      notes: '秘密のメモ',
      visits: [],
      tags: [],
      ng: false,
      createdAt: at,
      updatedAt: at,
    },
    [`suspensions/${owner}`]: suspensionDocFor(),
  };
}
