import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { doc, serverTimestamp, setDoc, Timestamp, writeBatch } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { SCHEMAS } from '../../src/registry/firestore-schemas';
import {
  disputeDocFor,
  fcmTokenDocFor,
  membershipDocFor,
  reportDocFor,
  slugDocFor,
  storeDocFor,
  storeRequestDocFor,
  storeVerificationRequestDocFor,
  therapistDoc,
} from '../factories/documents';
import { daysAgo, type Db, frozenDoc, memberDocs, shiftDoc, shiftId, signedIn, SHIFT_DAY, tokyoDay } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * Rules and schemas agree (issue 10, "a rebuild no one can stop"): each
 * shape below is written by the one role allowed to write it, and the rules'
 * verdict must equal the export's zod schema's verdict on the same document
 * as stored (server timestamps become Timestamps). The table holds the
 * malformed shapes a hostile account would plant (non-string or nested list
 * elements, empty and huge strings, nested maps, 30 February, Unicode spaces
 * in URLs, a ~1 MB document) and accepted twins at each limit, so a rule
 * looser than its schema (the export would stop) or stricter (the client
 * would be refused) fails here.
 */
const env = useRulesEnvironment();

type Data = Record<string, unknown>;
/** `now` is serverTimestamp() for the write and a Timestamp for zod. */
type Shape = (now: unknown) => Data;

interface Collection {
  /** Key of SCHEMAS (src/registry/firestore-schemas.ts). */
  schema: string;
  /** The valid document; a case overrides some of its fields. */
  base: Shape;
  /** Seeds what the write needs, then writes `data` as the allowed writer. */
  write: (data: Data) => Promise<unknown>;
}

const alice = (verified = false): Db => signedIn(env, 'alice', verified);
const URL_SPACES = { NBSP: '\u00a0', 'U+3000': '\u3000', 'U+FEFF': '\ufeff', 'U+2028': '\u2028', tab: '\t', space: ' ' };
const ONE_MB = 'a'.repeat(1_000_000);

const COLLECTIONS: Record<string, Collection> = {
  accounts: {
    schema: 'accounts',
    base: (now) => therapistDoc('alice', { published: false, createdAt: now, updatedAt: now }),
    write: async (data) => {
      await seed(env(), { 'slugs/slug-alice': slugDocFor('alice') });
      return setDoc(doc(alice(), 'accounts', 'alice'), data);
    },
  },
  stores: {
    schema: 'stores',
    base: (now) => storeDocFor('alice', { published: false, createdAt: now, updatedAt: now }),
    write: async (data) => {
      await seed(env(), { 'slugs/store-alice': slugDocFor('alice', 'store') });
      return setDoc(doc(alice(), 'stores', 'alice'), data);
    },
  },
  frozenAccounts: {
    schema: 'frozenAccounts',
    base: (now) => frozenDoc('alice', 'miu_0312', { slot: 1, createdAt: now, updatedAt: now }),
    write: async (data) => {
      await seed(env(), { 'accounts/alice': therapistDoc('alice') });
      const id = `x_${typeof data.handle === 'string' ? data.handle : 'bad'}`;
      const db = alice();
      const batch = writeBatch(db);
      batch.set(doc(db, 'frozenAccounts', id), data);
      batch.set(doc(db, 'users/alice/handleSlots/1'), { handleId: id });
      return batch.commit();
    },
  },
  schedules: {
    schema: 'schedules',
    base: (now) => shiftDoc('alice', null, { updatedAt: now }),
    write: async (data) => {
      await seed(env(), { 'accounts/alice': therapistDoc('alice') });
      const date = typeof data.date === 'string' ? data.date : SHIFT_DAY;
      return setDoc(doc(alice(), 'schedules', shiftId('alice', date, 0)), data);
    },
  },
  storeRequests: {
    schema: 'storeRequests',
    base: (now) => storeRequestDocFor('alice', 'shop', { requestedAt: now, updatedAt: now }),
    write: async (data) => {
      await seed(env(), { 'accounts/alice': therapistDoc('alice'), 'stores/shop': storeDocFor('shop') });
      return setDoc(doc(alice(), 'storeRequests', 'alice'), data);
    },
  },
  storeVerificationRequests: {
    schema: 'storeVerificationRequests',
    base: (now) => storeVerificationRequestDocFor({ requestedAt: now }),
    write: async (data) => {
      await seed(env(), { 'stores/shop': storeDocFor('shop') });
      return setDoc(doc(signedIn(env, 'shop', true), 'storeVerificationRequests', 'shop'), data);
    },
  },
  memberships: {
    schema: 'memberships',
    base: (now) => membershipDocFor('shop', 'alice', { updatedAt: now }),
    write: async (data) => {
      await seed(env(), { ...memberDocs('alice', 'shop'), 'stores/shop': storeDocFor('shop') });
      return setDoc(doc(signedIn(env, 'shop'), 'memberships', 'shop_alice'), data);
    },
  },
  slugs: {
    schema: 'slugs',
    base: () => slugDocFor('alice'),
    write: async (data) => {
      await seed(env(), { 'accounts/alice': therapistDoc('alice', { profileSlug: 'miu-new' }) });
      return setDoc(doc(alice(), 'slugs', 'miu-new'), data);
    },
  },
  slugHolds: {
    schema: 'slugHolds',
    base: () => ({ slugs: ['miu-old'] }),
    write: async (data) => {
      // Two slugs she released a few days ago: a list may name them.
      await seed(env(), {
        'accounts/alice': therapistDoc('alice'),
        'slugs/miu-old': slugDocFor('alice', 'therapist', daysAgo(3)),
        'slugs/miu-older': slugDocFor('alice', 'therapist', daysAgo(9)),
      });
      return setDoc(doc(alice(), 'slugHolds', 'alice'), data);
    },
  },
  disputes: {
    schema: 'disputes',
    base: (now) => disputeDocFor('alice', 'x_miu_0312', { createdAt: now }),
    write: async (data) => {
      await seed(env(), { 'accounts/alice': therapistDoc('alice'), 'frozenAccounts/x_miu_0312': frozenDoc('mallory') });
      return setDoc(doc(alice(true), 'disputes', 'alice_0'), data);
    },
  },
  reports: {
    schema: 'reports',
    base: (now) => reportDocFor('alice', { createdAt: now }),
    write: (data) => setDoc(doc(alice(), 'reports', 'alice_0'), data),
  },
  availableNow: {
    schema: 'availableNow',
    base: (now) => ({ userId: 'alice', until: Timestamp.fromMillis(Date.now() + 30 * 60_000), setBy: 'alice', updatedAt: now }),
    write: async (data) => {
      await seed(env(), { 'accounts/alice': therapistDoc('alice') });
      return setDoc(doc(alice(), 'availableNow', 'alice'), data);
    },
  },
  fcmTokens: {
    schema: 'users/fcmTokens',
    base: (now) => fcmTokenDocFor('token-1', { createdAt: now, refreshedAt: now }),
    write: (data) => setDoc(doc(alice(), 'users/alice/fcmTokens/0'), data),
  },
};

/** [collection, what, overrides, zod's expected verdict]. */
type Case = [string, string, Data, 'accepted' | 'refused'];

const profileCases = (name: 'accounts' | 'stores'): Case[] => {
  const text = name === 'accounts' ? 'bio' : 'description';
  return [
    [name, 'the valid document', {}, 'accepted'],
    [name, `${text} of 2000 characters`, { [text]: 'あ'.repeat(2000) }, 'accepted'],
    [name, `${text} of 1000 emoji (2000 UTF-16 units)`, { [text]: '😀'.repeat(1000) }, 'accepted'],
    [name, `${text} of 1001 emoji (2002 UTF-16 units)`, { [text]: '😀'.repeat(1001) }, 'refused'],
    [name, `${text} of 2001 characters`, { [text]: 'あ'.repeat(2001) }, 'refused'],
    [name, 'a ~1 MB document (a 1,000,000-character text)', { [text]: ONE_MB }, 'refused'],
    [name, `${text} as a number`, { [text]: 42 }, 'refused'],
    [name, 'an empty area', { area: '' }, 'refused'],
    [name, 'an area of the vocabulary', { area: 'すすきの' }, 'accepted'],
    [name, 'the area その他', { area: 'その他' }, 'accepted'],
    [name, 'a free-text area (once allowed, 1–20 characters)', { area: '歌舞伎町' }, 'refused'],
    [name, 'an area of 21 characters', { area: 'あ'.repeat(21) }, 'refused'],
    [name, 'a dot-dot area', { area: '..' }, 'refused'],
    [name, 'an area with a slash', { area: 'a/b' }, 'refused'],
    [name, 'a percent-encoded area', { area: '%2F' }, 'refused'],
    [name, 'a full-width area', { area: '．．' }, 'refused'],
    [name, 'a lookalike area (Kangxi radical ⽥)', { area: '梅⽥' }, 'refused'],
    [name, 'an area as a map', { area: { name: '新宿' } }, 'refused'],
    [name, 'an area as a list', { area: ['新宿'] }, 'refused'],
    [name, 'channels with a nested map', { channels: { x: { handle: 'miu' } } }, 'refused'],
    [name, 'channels.website with a nested map', { channels: { website: { url: 'https://a.example' } } }, 'refused'],
    [name, 'channels as a list', { channels: ['miu'] }, 'refused'],
    [name, 'an unknown channel', { channels: { myspace: 'miu' } }, 'refused'],
    [name, 'channels.bluesky outside its pattern', { channels: { bluesky: 'Miu' } }, 'refused'],
    [name, 'channels.instagram of 31 characters', { channels: { instagram: 'a'.repeat(31) } }, 'refused'],
    [name, 'channels.tiktok of 1 character', { channels: { tiktok: 'a' } }, 'refused'],
    [name, 'channels.litlink with a slash', { channels: { litlink: 'a/b' } }, 'refused'],
    [name, 'channels.website https, printable ASCII', { channels: { website: 'https://miu.example/p?q=1&r=~' } }, 'accepted'],
    [name, 'channels.website of 500 characters', { channels: { website: `https://${'a'.repeat(492)}` } }, 'accepted'],
    [name, 'channels.website of 501 characters', { channels: { website: `https://${'a'.repeat(493)}` } }, 'refused'],
    [name, 'channels.website http', { channels: { website: 'http://miu.example' } }, 'refused'],
    [name, 'channels.website with Japanese', { channels: { website: 'https://例え.jp' } }, 'refused'],
    ...Object.entries(URL_SPACES).map(([label, space]): Case => [
      name,
      `channels.website with ${label} inside`,
      { channels: { website: `https://miu.example/${space}x` } },
      'refused',
    ]),
    [name, 'photo as an https URL', { photo: 'https://tracker.example/a.webp' }, 'refused'],
    [name, 'photo as a localhost URL', { photo: 'http://localhost:9199/v0/b/demo/o/a.webp' }, 'refused'],
    [name, "photo in another uid's folder (schema shape, rules refuse: not hers)", { photo: 'avatars/bob/0.webp' }, 'accepted'],
    [name, 'photo as a third name', { photo: 'avatars/alice/2.webp' }, 'refused'],
    [name, 'photo with NBSP', { photo: 'avatars/alice/0.webp\u00a0' }, 'refused'],
    [name, 'photo as a number', { photo: 0 }, 'refused'],
    [name, 'published as a string', { published: 'true' }, 'refused'],
    [name, 'createdAt as a string', { createdAt: '2026-11-01T00:00:00Z' }, 'refused'],
    [name, 'an unknown key', { role: 'admin' }, 'refused'],
    [name, 'an empty profileSlug', { profileSlug: '' }, 'refused'],
  ];
};

const CASES: Case[] = [
  ...profileCases('accounts'),
  ['accounts', 'ten tags of 20 characters', { tags: Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(20, 'あ')) }, 'accepted'],
  ['accounts', 'no tags', { tags: [] }, 'accepted'],
  ['accounts', 'eleven tags', { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'refused'],
  ['accounts', 'a tag of 21 characters', { tags: ['あ'.repeat(21)] }, 'refused'],
  ['accounts', 'an empty tag', { tags: [''] }, 'refused'],
  ['accounts', 'a numeric tag', { tags: [42] }, 'refused'],
  ['accounts', 'a null tag', { tags: [null] }, 'refused'],
  ['accounts', 'a boolean tag', { tags: [true] }, 'refused'],
  ['accounts', 'a map inside tags', { tags: [{ name: '癒し系' }] }, 'refused'],
  [
    'accounts',
    'a map holding a list inside tags (Firestore stores no list directly in a list)',
    { tags: [{ list: ['癒し系'] }] },
    'refused',
  ],
  ...Array.from({ length: 10 }, (_, i): Case => [
    'accounts',
    `a number as tag ${i} of 10 (every index is checked)`,
    { tags: Array.from({ length: 10 }, (_, j) => (j === i ? 7 : `t${j}`)) },
    'refused',
  ]),
  ['accounts', 'a 1 MB tag', { tags: [ONE_MB] }, 'refused'],
  ['accounts', 'tags as a map', { tags: { 0: '癒し系' } }, 'refused'],
  ['accounts', 'a displayName of 40 characters', { displayName: 'あ'.repeat(40) }, 'accepted'],
  ['accounts', 'an empty displayName', { displayName: '' }, 'refused'],
  ['accounts', 'a displayName of 41 characters', { displayName: 'あ'.repeat(41) }, 'refused'],
  ['accounts', 'a storeId (the request lives in storeRequests)', { storeId: null }, 'refused'],
  ['accounts', 'a storeRequestedAt (the request lives in storeRequests)', { storeRequestedAt: null }, 'refused'],
  ...profileCases('stores'),
  ['stores', 'an empty displayName (stores may have none)', { displayName: '' }, 'accepted'],
  ['stores', 'a storeName of 61 characters', { storeName: 'あ'.repeat(61) }, 'refused'],
  ['stores', 'an empty storeName', { storeName: '' }, 'refused'],
  ['stores', 'an address of 121 characters', { address: 'あ'.repeat(121) }, 'refused'],
  ['stores', 'hours of 61 characters', { hours: 'あ'.repeat(61) }, 'refused'],
  ['stores', 'a nearestStation of 41 characters', { nearestStation: 'あ'.repeat(41) }, 'refused'],
  ['stores', 'a website with NBSP', { website: 'https://shop.example/\u00a0' }, 'refused'],
  ['stores', 'a website with U+3000', { website: 'https://shop.example/\u3000' }, 'refused'],
  ['stores', 'a website with U+FEFF', { website: '\ufeffhttps://shop.example/' }, 'refused'],
  ['stores', 'a website of 501 characters', { website: `https://${'a'.repeat(493)}` }, 'refused'],
  ['stores', 'a website as a map', { website: { url: 'https://shop.example' } }, 'refused'],
  ['stores', 'tags (stores have none)', { tags: [] }, 'refused'],

  ['frozenAccounts', 'the valid document', {}, 'accepted'],
  ['frozenAccounts', 'frozenOn 2024-02-29 (a leap day)', { frozenOn: '2024-02-29' }, 'accepted'],
  ['frozenAccounts', 'frozenOn null', { frozenOn: null }, 'accepted'],
  ['frozenAccounts', 'frozenOn 2026-02-30', { frozenOn: '2026-02-30' }, 'refused'],
  ['frozenAccounts', 'frozenOn 2025-02-29', { frozenOn: '2025-02-29' }, 'refused'],
  ['frozenAccounts', 'frozenOn 2026-04-31', { frozenOn: '2026-04-31' }, 'refused'],
  ['frozenAccounts', 'frozenOn 2026-13-01', { frozenOn: '2026-13-01' }, 'refused'],
  ['frozenAccounts', 'frozenOn 2026-00-01', { frozenOn: '2026-00-01' }, 'refused'],
  ['frozenAccounts', 'frozenOn 2026-1-1', { frozenOn: '2026-1-1' }, 'refused'],
  ['frozenAccounts', 'frozenOn with full-width digits', { frozenOn: '２０２６-０１-０１' }, 'refused'],
  ['frozenAccounts', 'frozenOn as a map', { frozenOn: { y: 2026 } }, 'refused'],
  ['frozenAccounts', 'a note of 200 characters', { note: 'あ'.repeat(200) }, 'accepted'],
  ['frozenAccounts', 'a note of 201 characters', { note: 'あ'.repeat(201) }, 'refused'],
  ['frozenAccounts', 'a ~1 MB note', { note: ONE_MB }, 'refused'],
  ['frozenAccounts', 'a note as a list', { note: ['a'] }, 'refused'],
  ['frozenAccounts', 'slot 1.5', { slot: 1.5 }, 'refused'],
  ['frozenAccounts', "slot '1'", { slot: '1' }, 'refused'],
  ['frozenAccounts', 'an unknown verification level', { verification: 'celebrity' }, 'refused'],
  ['frozenAccounts', 'a handle with capitals', { handle: 'Miu_0312' }, 'refused'],
  ['frozenAccounts', 'confirmedBy naming a store on a self claim', { confirmedBy: 'shop' }, 'refused'],
  ['frozenAccounts', "verification 'store' without confirmedBy", { verification: 'store' }, 'refused'],
  ['frozenAccounts', 'confirmedBy as a number', { confirmedBy: 42 }, 'refused'],
  ['frozenAccounts', 'confirmedBy as an empty string', { confirmedBy: '' }, 'refused'],

  ['schedules', 'the valid document', {}, 'accepted'],
  ['schedules', 'a note of 100 characters', { note: 'あ'.repeat(100) }, 'accepted'],
  ['schedules', 'a note of 101 characters', { note: 'あ'.repeat(101) }, 'refused'],
  ['schedules', 'a ~1 MB note', { note: ONE_MB }, 'refused'],
  ['schedules', 'date 2026-02-30', { date: '2026-02-30' }, 'refused'],
  ['schedules', 'date 2027-02-29', { date: '2027-02-29' }, 'refused'],
  ['schedules', 'date 2026-11-31', { date: '2026-11-31' }, 'refused'],
  ['schedules', 'a date as a timestamp', { date: Timestamp.now() }, 'refused'],
  ['schedules', 'start == end', { start: '10:00', end: '10:00' }, 'refused'],
  ['schedules', 'start 24:00', { start: '24:00' }, 'refused'],
  ['schedules', 'start with a full-width colon', { start: '10：00' }, 'refused'],
  ['schedules', 'storeId as an empty string', { storeId: '' }, 'refused'],
  ['schedules', 'storeId as a map', { storeId: { id: 'shop' } }, 'refused'],

  ['storeRequests', 'the valid document', {}, 'accepted'],
  ['storeRequests', 'no store asked (storeId and requestedAt null)', { storeId: null, requestedAt: null }, 'accepted'],
  ['storeRequests', 'a storeId of 129 characters', { storeId: 's'.repeat(129) }, 'refused'],
  ['storeRequests', 'storeId as an empty string', { storeId: '' }, 'refused'],
  ['storeRequests', 'storeId as a map', { storeId: { id: 'shop' } }, 'refused'],
  ['storeRequests', 'requestedAt as a string', { requestedAt: '2026-11-01' }, 'refused'],
  ['storeRequests', 'userId as a number', { userId: 42 }, 'refused'],
  ['storeRequests', 'an unknown key', { reason: '近いので' }, 'refused'],

  ['storeVerificationRequests', 'the valid document', {}, 'accepted'],
  ['storeVerificationRequests', 'an empty note', { note: '' }, 'accepted'],
  ['storeVerificationRequests', 'a note of 200 characters', { note: 'あ'.repeat(200) }, 'accepted'],
  ['storeVerificationRequests', 'a note of 201 characters', { note: 'あ'.repeat(201) }, 'refused'],
  ['storeVerificationRequests', 'a ~1 MB note', { note: ONE_MB }, 'refused'],
  ['storeVerificationRequests', 'a note as a map', { note: { text: 'x' } }, 'refused'],
  ['storeVerificationRequests', 'a note as a list', { note: ['x'] }, 'refused'],
  ['storeVerificationRequests', 'requestedAt as a string', { requestedAt: '2026-12-01' }, 'refused'],
  ['storeVerificationRequests', 'an unknown key', { verifiedAt: null }, 'refused'],

  ['memberships', 'the valid document', {}, 'accepted'],
  ['memberships', 'an unknown status', { status: 'pending' }, 'refused'],
  ['memberships', 'requestedAt as a string', { requestedAt: '2026-11-01' }, 'refused'],
  ['memberships', 'an unknown key', { note: '歓迎' }, 'refused'],

  ['slugs', 'the valid document', {}, 'accepted'],
  ['slugs', 'an unknown kind', { kind: 'admin' }, 'refused'],
  ['slugs', 'releasedAt as a string', { releasedAt: '2026-11-01' }, 'refused'],
  ['slugs', 'userId as a map', { userId: { uid: 'alice' } }, 'refused'],

  ['slugHolds', 'the valid document', {}, 'accepted'],
  ['slugHolds', 'an empty list', { slugs: [] }, 'accepted'],
  ['slugHolds', 'two slugs, oldest first', { slugs: ['miu-older', 'miu-old'] }, 'accepted'],
  ['slugHolds', 'three slugs', { slugs: ['miu-older', 'miu-old', 'miu-oldest'] }, 'refused'],
  ['slugHolds', 'a slug listed twice', { slugs: ['miu-old', 'miu-old'] }, 'refused'],
  ['slugHolds', 'a slug with capitals', { slugs: ['Miu-Old'] }, 'refused'],
  ['slugHolds', 'a number in the list', { slugs: [42] }, 'refused'],
  ['slugHolds', 'a second element that is a map', { slugs: ['miu-old', { slug: 'miu-older' }] }, 'refused'],
  ['slugHolds', 'slugs as a string', { slugs: 'miu-old' }, 'refused'],
  ['slugHolds', 'slugs as a map', { slugs: { 0: 'miu-old' } }, 'refused'],
  ['slugHolds', 'an unknown key', { note: 'x' }, 'refused'],

  ['disputes', 'the valid document', {}, 'accepted'],
  ['disputes', 'evidence of 1000 characters', { evidence: 'あ'.repeat(1000) }, 'accepted'],
  ['disputes', 'empty evidence', { evidence: '' }, 'refused'],
  ['disputes', 'evidence of 1001 characters', { evidence: 'あ'.repeat(1001) }, 'refused'],
  ['disputes', '~1 MB of evidence', { evidence: ONE_MB }, 'refused'],
  ['disputes', 'a handleId with capitals', { handleId: 'x_MIU_0312' }, 'refused'],
  ['disputes', 'an unknown kind', { kind: 'both' }, 'refused'],

  ['reports', 'the valid document', {}, 'accepted'],
  ['reports', 'an empty text', { text: '' }, 'accepted'],
  ['reports', 'a text of 1001 characters', { text: 'あ'.repeat(1001) }, 'refused'],
  ['reports', 'a ~1 MB text', { text: ONE_MB }, 'refused'],
  ['reports', 'a target outside the public collections', { targetPath: 'users/alice' }, 'refused'],
  ['reports', 'a target with U+3000', { targetPath: 'accounts/a\u3000b' }, 'refused'],
  ['reports', 'an unknown reason', { reason: 'boring' }, 'refused'],
  ['reports', 'a text as a map', { text: { body: 'x' } }, 'refused'],

  ['availableNow', 'the valid document', {}, 'accepted'],
  ['availableNow', 'until as a string', { until: '2026-11-28T15:30:00+09:00' }, 'refused'],
  ['availableNow', 'until as a number', { until: 90 }, 'refused'],
  ['availableNow', 'setBy as a map', { setBy: { uid: 'alice' } }, 'refused'],
  ['availableNow', 'an empty setBy', { setBy: '' }, 'refused'],
  ['availableNow', 'an unknown key', { minutes: 60 }, 'refused'],

  ['fcmTokens', 'the valid document', {}, 'accepted'],
  ['fcmTokens', 'a token of 4096 characters', { token: 'a'.repeat(4096) }, 'accepted'],
  ['fcmTokens', 'a token of 4097 characters', { token: 'a'.repeat(4097) }, 'refused'],
  ['fcmTokens', 'an empty token', { token: '' }, 'refused'],
  ['fcmTokens', 'a ~1 MB token', { token: ONE_MB }, 'refused'],
];

/** What zod decides on the document as stored. */
function zodVerdict(collection: Collection, overrides: Data): 'accepted' | 'refused' {
  const schema = SCHEMAS[collection.schema];
  if (!schema) throw new Error(`no schema ${collection.schema}`);
  return schema.safeParse({ ...collection.base(Timestamp.now()), ...overrides }).success ? 'accepted' : 'refused';
}

describe.each(CASES)('%s: %s', (name, _what, overrides, expected) => {
  const collection = COLLECTIONS[name]!;

  it(`zod: ${expected}`, () => {
    expect(zodVerdict(collection, overrides)).toBe(expected);
  });

  it('rules: the same verdict as zod (a "schema accepts, rules refuse" case only where the rules check ownership)', async () => {
    const write = collection.write({ ...collection.base(serverTimestamp()), ...overrides });
    // The one accepted-by-zod case the rules refuse: another uid's avatar path
    // has the schema's shape but is not hers (the rules are stricter, never looser).
    const ownershipOnly = overrides.photo === 'avatars/bob/0.webp';
    await (expected === 'accepted' && !ownershipOnly ? assertSucceeds(write) : assertFails(write));
  });
});

it('covers today and yesterday as shift dates in both (a date far ahead is a rules-only cap)', () => {
  const shifts = COLLECTIONS.schedules!;
  expect(zodVerdict(shifts, { date: tokyoDay(-1) })).toBe('accepted');
  expect(zodVerdict(shifts, { date: tokyoDay(200) })).toBe('accepted');
});
