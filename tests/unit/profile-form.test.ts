import { describe, expect, it } from 'vitest';
import { AREAS } from '../../src/lib/areas';
import { EMPTY_CHANNELS } from '../../src/lib/profile/channel-input';
import { accountDoc } from '../../src/schema/accounts';
import { storeRequestDoc } from '../../src/schema/store-requests';
import { storeDoc } from '../../src/schema/stores';
import {
  firstErrorField,
  PUBLISH_NEEDS_VERIFICATION,
  sameDraft,
  STORE_FIELD_ORDER,
  storeDraftFromDoc,
  THERAPIST_FIELD_ORDER,
  therapistDraftFromDoc,
  validateStore,
  validateTherapist,
  type StoreDraft,
  type TherapistDraft,
} from '../../src/lib/profile/profile-form';

const verified = { emailVerified: true };
const unverified = { emailVerified: false };

const therapist: TherapistDraft = {
  displayName: ' みう ',
  profileSlug: 'Miu New',
  bio: 'よろしくお願いします。\n',
  area: '新宿',
  storeId: '',
  tags: '癒し系、聞き上手',
  channels: { ...EMPTY_CHANNELS, x: '@Miu_0312' },
  published: false,
};

const store: StoreDraft = {
  displayName: '',
  storeName: 'アロマリゾート新宿',
  profileSlug: 'aroma-resort',
  description: '',
  area: '新宿',
  address: '東京都新宿区1-2-3',
  nearestStation: '新宿駅',
  hours: '12:00〜翌5:00',
  website: 'aroma.example',
  channels: { ...EMPTY_CHANNELS, instagram: '@Aroma.Resort' },
  courses: [{ minutes: '６０', price: '12,000円', note: ' 一番人気 ' }],
  options: [{ name: '指名料', price: '1000' }],
  published: true,
};

describe('validateTherapist', () => {
  it('turns a good draft into exactly the editable keys, in stored form', () => {
    const result = validateTherapist(therapist, verified);
    expect(result).toEqual({
      ok: true,
      values: {
        displayName: 'みう',
        profileSlug: 'miu-new',
        bio: 'よろしくお願いします。',
        storeId: null,
        area: '新宿',
        tags: ['癒し系', '聞き上手'],
        channels: { x: 'miu_0312' },
        published: false,
      },
    });
  });

  it('keeps a chosen store', () => {
    const result = validateTherapist({ ...therapist, storeId: 'store-1' }, verified);
    expect(result.ok && result.values.storeId).toBe('store-1');
  });

  it('reports every problem at its field', () => {
    const result = validateTherapist(
      {
        ...therapist,
        displayName: '  ',
        profileSlug: 'ab',
        bio: 'あ'.repeat(2001),
        area: '',
        tags: Array.from({ length: 11 }, (_, i) => `t${i}`).join(' '),
        channels: { ...EMPTY_CHANNELS, x: 'みう', website: 'http://miu.example' },
        published: true,
      },
      unverified,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.errors).toEqual({
      displayName: '表示名を入力してください。',
      profileSlug: 'URL は 3 文字以上にしてください。',
      bio: '自己紹介は 2000 文字以内にしてください（いま 2001 文字）。',
      area: 'エリアを選んでください。',
      tags: 'タグは 10 個までです（いま 11 個）。',
      'channels.x': 'X のユーザー名に使えるのは半角英数字とアンダースコア（_）だけです。',
      'channels.website': 'https:// で始まる URL を入力してください（http:// は使えません）。',
      published: PUBLISH_NEEDS_VERIFICATION,
    });
    expect(firstErrorField(result.errors, THERAPIST_FIELD_ORDER)).toBe('displayName');
  });

  it('lets an unverified user save an unpublished profile', () => {
    expect(validateTherapist(therapist, unverified).ok).toBe(true);
  });

  it('accepts every area of the vocabulary', () => {
    for (const area of AREAS) expect(validateTherapist({ ...therapist, area }, verified).ok, area).toBe(true);
  });

  it('asks for an area of the vocabulary again when the draft holds one from before it', () => {
    for (const area of ['歌舞伎町', '..', 'a/b', '新宿 ']) {
      expect(validateTherapist({ ...therapist, area }, verified)).toEqual({
        ok: false,
        errors: { area: `「${area}」は選べるエリアにありません。一覧から選び直してください。` },
      });
      expect(validateStore({ ...store, area }, verified)).toEqual({
        ok: false,
        errors: { area: `「${area}」は選べるエリアにありません。一覧から選び直してください。` },
      });
    }
  });

  it('keeps the stored text in the draft, so the editor can name it', () => {
    expect(therapistDraftFromDoc({ area: '歌舞伎町' }, null).area).toBe('歌舞伎町');
    expect(storeDraftFromDoc({ area: '歌舞伎町' }).area).toBe('歌舞伎町');
  });
});

describe('validateStore', () => {
  it('turns a good draft into exactly the editable keys, in stored form', () => {
    const result = validateStore(store, verified);
    expect(result).toEqual({
      ok: true,
      values: {
        displayName: '',
        storeName: 'アロマリゾート新宿',
        profileSlug: 'aroma-resort',
        description: '',
        area: '新宿',
        address: '東京都新宿区1-2-3',
        nearestStation: '新宿駅',
        hours: '12:00〜翌5:00',
        website: 'https://aroma.example',
        channels: { instagram: 'aroma.resort' },
        courses: [{ minutes: 60, price: 12000, note: '一番人気' }],
        options: [{ name: '指名料', price: 1000 }],
        published: true,
      },
    });
  });

  it('never stores a website among a store’s channels', () => {
    const result = validateStore({ ...store, channels: { ...EMPTY_CHANNELS, website: 'https://x.example' } }, verified);
    expect(result.ok && result.values.channels).toEqual({});
  });

  it('reports every problem at its field', () => {
    const result = validateStore(
      {
        ...store,
        storeName: '',
        displayName: 'あ'.repeat(41),
        address: 'あ'.repeat(121),
        nearestStation: 'あ'.repeat(41),
        hours: 'あ'.repeat(61),
        website: 'http://aroma.example',
        channels: { ...EMPTY_CHANNELS, tiktok: 'a' },
      },
      unverified,
    );
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(Object.keys(result.errors)).toEqual(
      expect.arrayContaining(['storeName', 'displayName', 'address', 'nearestStation', 'hours', 'website', 'channels.tiktok', 'published']),
    );
    expect(result.errors.storeName).toBe('店舗名を入力してください。');
    expect(firstErrorField(result.errors, STORE_FIELD_ORDER)).toBe('storeName');
  });
});

describe('drafts from documents', () => {
  it('shows stored tags and channels in the form', () => {
    const draft = therapistDraftFromDoc(
      {
        displayName: 'みう',
        profileSlug: 'miu',
        bio: '',
        area: '新宿',
        tags: ['癒し系', '新人'],
        channels: { x: 'miu' },
        published: true,
        photoURL: '',
      },
      null,
    );
    expect(draft).toEqual({
      displayName: 'みう',
      profileSlug: 'miu',
      bio: '',
      area: '新宿',
      storeId: '',
      tags: '癒し系、新人',
      channels: { ...EMPTY_CHANNELS, x: 'miu' },
      published: true,
    });
  });

  it('round-trips a stored therapist and her store request unchanged', () => {
    const stored = {
      displayName: 'みう',
      profileSlug: 'miu',
      bio: 'こんにちは',
      area: '新宿',
      tags: ['癒し系'],
      channels: { x: 'miu', bluesky: 'miu.bsky.social' },
      published: true,
    };
    expect(validateTherapist(therapistDraftFromDoc(stored, 'store-1'), verified)).toEqual({
      ok: true,
      values: { ...stored, storeId: 'store-1' },
    });
  });

  it('takes the store from her request, never from a leftover profile field', () => {
    expect(therapistDraftFromDoc({ displayName: 'みう', storeId: 'old-store' }, null).storeId).toBe('');
    expect(therapistDraftFromDoc({ displayName: 'みう' }, 'store-1').storeId).toBe('store-1');
  });

  it('moves a store’s channel website to its website field when that is empty', () => {
    const draft = storeDraftFromDoc({ storeName: '店', website: '', channels: { website: 'https://shop.example', x: 'shop' } });
    expect(draft.website).toBe('https://shop.example');
    expect(draft.channels).toEqual({ ...EMPTY_CHANNELS, x: 'shop' });
  });

  it('compares drafts by value', () => {
    const draft = therapistDraftFromDoc({ displayName: 'みう', channels: { x: 'miu' } }, null);
    const reordered = Object.fromEntries(Object.entries(draft).reverse());
    expect(sameDraft(draft, reordered)).toBe(true);
    expect(sameDraft(draft, { ...draft, bio: 'x' })).toBe(false);
  });
});

describe('the validators agree with the zod schemas', () => {
  const therapistSchema = accountDoc
    .pick({
      displayName: true,
      profileSlug: true,
      bio: true,
      area: true,
      tags: true,
      channels: true,
      published: true,
    })
    .extend({ storeId: storeRequestDoc.shape.storeId })
    .strict();
  const storeSchema = storeDoc
    .pick({
      displayName: true,
      storeName: true,
      profileSlug: true,
      description: true,
      area: true,
      address: true,
      nearestStation: true,
      hours: true,
      website: true,
      channels: true,
      courses: true,
      options: true,
      published: true,
    })
    .strict();

  const therapistVariants: Partial<TherapistDraft>[] = [
    {},
    { displayName: 'あ'.repeat(40) },
    { displayName: 'あ'.repeat(41) },
    { bio: 'あ'.repeat(2000) },
    { bio: ` ${'あ'.repeat(2000)} ` },
    { area: 'あ'.repeat(20) },
    { area: 'あ'.repeat(21) },
    { area: 'その他' },
    { area: '..' },
    { tags: Array.from({ length: 10 }, (_, i) => `${'あ'.repeat(19)}${i}`).join(' ') },
    { tags: 'あ'.repeat(21) },
    { storeId: 's'.repeat(128) },
    { storeId: 's'.repeat(129) },
    { profileSlug: 'login' },
    { profileSlug: '-abc-' },
    { profileSlug: 'a'.repeat(31) },
    {
      channels: {
        x: 'a'.repeat(15),
        bluesky: `${'a'.repeat(240)}.bsky.social`,
        instagram: 'a'.repeat(30),
        tiktok: 'a'.repeat(24),
        litlink: 'a'.repeat(40),
        website: `https://a.example/${'a'.repeat(470)}`,
      },
    },
    { channels: { ...EMPTY_CHANNELS, bluesky: `${'a'.repeat(250)}.bsky.social` } },
    { channels: { ...EMPTY_CHANNELS, tiktok: 'a'.repeat(25) } },
    { channels: { ...EMPTY_CHANNELS, website: 'https://a.example/ b' } },
    { published: true },
  ];

  it.each(therapistVariants.map((change) => [JSON.stringify(change).slice(0, 60), change] as const))('therapist %s', (_, change) => {
    // What the validator accepts, the schema (and so the rules) accepts: a save never fails on shape.
    const result = validateTherapist({ ...therapist, ...change }, verified);
    if (result.ok) expect(therapistSchema.safeParse(result.values).success).toBe(true);
    else expect(Object.keys(result.errors).length).toBeGreaterThan(0);
  });

  const storeVariants: Partial<StoreDraft>[] = [
    {},
    { displayName: 'あ'.repeat(40) },
    { displayName: 'あ'.repeat(41) },
    { storeName: 'あ'.repeat(60) },
    { storeName: 'あ'.repeat(61) },
    { description: 'あ'.repeat(2001) },
    { address: 'あ'.repeat(120) },
    { address: 'あ'.repeat(121) },
    { nearestStation: 'あ'.repeat(41) },
    { hours: 'あ'.repeat(60) },
    { hours: 'あ'.repeat(61) },
    { website: '' },
    { website: `https://a.example/${'a'.repeat(490)}` },
    { website: 'ftp://a.example' },
  ];

  it.each(storeVariants.map((change) => [JSON.stringify(change).slice(0, 60), change] as const))('store %s', (_, change) => {
    const result = validateStore({ ...store, ...change }, verified);
    if (result.ok) expect(storeSchema.safeParse(result.values).success).toBe(true);
    else expect(Object.keys(result.errors).length).toBeGreaterThan(0);
  });

  it('accepts exactly what the schema accepts for the edge lengths', () => {
    expect(validateTherapist({ ...therapist, displayName: 'あ'.repeat(40) }, verified).ok).toBe(true);
    expect(validateTherapist({ ...therapist, displayName: 'あ'.repeat(41) }, verified).ok).toBe(false);
    expect(validateStore({ ...store, storeName: 'あ'.repeat(60) }, verified).ok).toBe(true);
    expect(validateStore({ ...store, storeName: 'あ'.repeat(61) }, verified).ok).toBe(false);
  });
});
