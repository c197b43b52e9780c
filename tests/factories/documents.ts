/** Valid documents for tests, per collection schema; override what a test is about. */
import { Timestamp } from 'firebase/firestore';

const at = Timestamp.fromDate(new Date('2026-11-01T03:00:00Z'));

export function therapistDoc(uid: string, overrides: Record<string, unknown> = {}) {
  return {
    userId: uid,
    displayName: 'みう',
    profileSlug: `slug-${uid}`,
    bio: 'よろしくお願いします。',
    photoURL: '',
    storeId: null,
    area: '新宿',
    tags: ['癒し系'],
    channels: { x: 'miu_new' },
    published: true,
    createdAt: at,
    updatedAt: at,
    ...overrides,
  };
}

export function storeDocFor(uid: string, overrides: Record<string, unknown> = {}) {
  return {
    userId: uid,
    displayName: 'アロマ新宿',
    storeName: 'アロマリラク新宿本店',
    profileSlug: `store-${uid}`,
    description: '新宿駅すぐ。',
    photoURL: '',
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

export function slugDocFor(uid: string, kind: 'therapist' | 'store' = 'therapist') {
  return { userId: uid, kind };
}

export function announcementDocFor(uid: string, overrides: Record<string, unknown> = {}) {
  return { userId: uid, createdAt: at, title: 'お知らせ', body: '', link: '', kind: 'system', ...overrides };
}

/** One valid document for each collection that stays closed to clients. */
export function privateDocs(owner: string): Record<string, Record<string, unknown>> {
  return {
    [`customers/${owner}/items/c1`]: { nickname: 'Aさん', notes: '秘密のメモ', visits: [], tags: [], ng: false, createdAt: at, updatedAt: at },
    [`favorites/${owner}/items/someone`]: { createdAt: at },
    ['blogs/b-1']: { userId: owner, title: 'はじめまして', body: '本文', coverImage: '', tags: [], published: true, publishedAt: at, updatedAt: at },
    ['posts/p-1']: { userId: owner, text: 'こんにちは', images: [], createdAt: at },
  };
}
