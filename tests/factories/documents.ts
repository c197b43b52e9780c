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

/** One valid document for each collection that stays private to clients for now. */
export function privateDocs(owner: string): Record<string, Record<string, unknown>> {
  return {
    [`users/${owner}`]: { createdAt: at, lastCheckedAnnouncementsAt: at },
    [`users/${owner}/fcmTokens/tok-1`]: { token: 'tok-1', createdAt: at, refreshedAt: at },
    [`customers/${owner}/items/c1`]: { nickname: 'Aさん', notes: '秘密のメモ', visits: [], tags: [], ng: false, createdAt: at, updatedAt: at },
    [`favorites/${owner}/items/someone`]: { createdAt: at },
    ['announcements/an-1']: { userId: owner, createdAt: at, title: 'お知らせ', body: '', link: '', kind: 'system' },
    [`slugs/slug-${owner}`]: { userId: owner, kind: 'therapist' },
    ['frozenAccounts/fz-1']: { userId: owner, platform: 'x', handle: 'old_handle', frozenOn: null, note: '', createdAt: at },
    ['schedules/sh-1']: { userId: owner, storeId: null, date: '2026-11-22', start: '12:00', end: '18:00', note: '', updatedAt: at },
    ['blogs/b-1']: { userId: owner, title: 'はじめまして', body: '本文', coverImage: '', tags: [], published: true, publishedAt: at, updatedAt: at },
    ['posts/p-1']: { userId: owner, text: 'こんにちは', images: [], createdAt: at },
  };
}
