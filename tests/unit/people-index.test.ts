import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { indexExport } from '../../src/data/directory';
import { loadPeopleIndex, peopleEntries } from '../../src/data/people-index';
import { setRenderContext } from '../../src/data/render-context';
import {
  findPerson,
  PEOPLE_SHARD_COUNT,
  personShard,
  personShardUrl,
  postExcerpt,
  type PersonEntry,
} from '../../src/lib/favorites/people-index';
import { tokyoInstant } from '../../src/lib/tokyo-date';
import { frozenRecord, postRecord, publicExport, shiftRecord, writePublicExport } from '../factories/public-export';

const TODAY = '2026-11-22';

/** Every key used anywhere in a JSON value. */
function keysOf(value: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, found);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      found.add(key);
      keysOf(inner, found);
    }
  }
  return found;
}

describe('people index shards', () => {
  it('puts a uid in a fixed three-hex-digit shard, the same on every build', () => {
    // Pinned: a change here moves every fan's lookups to other files.
    expect(personShard('demo-therapist')).toBe('b55');
    expect(personShard('demo-store')).toBe('d9a');
    expect(personShardUrl('demo-therapist')).toBe('/u/b55.json');
    expect(parseInt(personShard('th-000123'), 16)).toBeLessThan(PEOPLE_SHARD_COUNT);
  });

  it('spreads uids that share a prefix over many shards', () => {
    const shards = new Set(Array.from({ length: 1000 }, (_, i) => personShard(`th-${String(i).padStart(6, '0')}`)));
    expect(shards.size).toBeGreaterThan(850);
  });

  it('finds a person by uid in her shard, and nobody who is not there', () => {
    const entry = { uid: 'th-01' } as PersonEntry;
    expect(findPerson([entry], 'th-01')).toBe(entry);
    expect(findPerson([entry], 'th-02')).toBeUndefined();
  });
});

describe('people index entries', () => {
  const records = () => {
    const data = publicExport({ therapists: 12, today: TODAY });
    // th-01: a second, newer former handle and a newer shift later today.
    data.frozenAccounts.push(frozenRecord(data.therapists[0]!, 'miu_new', 'therapist', { createdAt: '2026-11-20T01:00:00.000Z' }));
    data.shifts.push(shiftRecord(data.therapists[0]!, TODAY, '21:00', '03:00'));
    return data;
  };
  const byUid = () => new Map(peopleEntries(indexExport(records()), TODAY).map((entry) => [entry.uid, entry]));

  it('gives a therapist her card, store, channels, next shift, former handles and latest writing', () => {
    const her = byUid().get('th-01')!;
    expect(her).toEqual({
      kind: 'therapist',
      uid: 'th-01',
      name: 'さくら1',
      href: '/profile/therapist-01',
      area: '渋谷',
      photoURL: '',
      illustration: expect.stringMatching(/^\/illustrations\/\d+\.svg$/),
      channels: [['lit.link', 'https://lit.link/th01', 'th01']],
      store: { name: 'アロマ池袋2号店', href: '/store-profile/salon-02' },
      nextShift: { date: TODAY, start: '12:00', end: '20:00' },
      x: null,
      formerHandles: [
        { handle: 'miu_new', createdAt: '2026-11-20T01:00:00.000Z', verification: 'self', disputed: false },
        { handle: '9mail_th01', createdAt: '2026-11-01T03:00:00.000Z', verification: 'self', disputed: false },
        { handle: 'old_th01', createdAt: '2026-11-01T03:00:00.000Z', verification: 'store', disputed: false },
      ],
      latestBlog: { title: '今日の日記 その1', href: '/blog/th-01_20261101_0', publishedAt: '2026-11-01T03:00:00.000Z' },
      latestPost: {
        text: '本日13時から出勤します。 よろしくお願いします！',
        href: `/profile/therapist-01#post-${postRecord({ id: 'th-01' }, 1).id}`,
        createdAt: '2026-11-01T04:00:00.000Z',
      },
    } satisfies PersonEntry);
  });

  it('carries her current X handle, and a store with no store or shift of its own', () => {
    const entries = byUid();
    expect(entries.get('th-03')!.x).toBe('now_th03');
    expect(entries.get('th-03')!.channels).toEqual([['X', 'https://x.com/now_th03', '@now_th03']]);
    expect(entries.get('store-01')).toMatchObject({
      kind: 'store',
      name: 'アロマ渋谷1号店',
      href: '/store-profile/salon-01',
      store: null,
      nextShift: null,
      x: 'salon_01',
      formerHandles: [{ handle: 'old_salon01' }],
    });
    expect(entries.get('th-02')!.latestBlog).toBeNull();
    expect(entries.get('th-02')!.latestPost).toBeNull();
  });

  it('lists only public profiles: an owner missing from the export has no entry', () => {
    const data = records();
    data.therapists = data.therapists.filter((therapist) => therapist.id !== 'th-02');
    const uids = peopleEntries(indexExport(data), TODAY).map((entry) => entry.uid);
    expect(uids).not.toContain('th-02');
    expect(uids).toHaveLength(11 + 6);
  });

  it('holds only the card fields: no bio, notes, addresses, ids of other records or timestamps of edits', () => {
    const data = records();
    data.therapists[0]!.bio = '自己紹介-秘密ではないが載せない';
    data.shifts.forEach((shift) => (shift.note = 'シフトのメモ'));
    data.frozenAccounts.forEach((entry) => (entry.note = '旧アカウントのメモ'));
    const entries = peopleEntries(indexExport(data), TODAY);
    const text = JSON.stringify(entries);
    for (const word of ['自己紹介-秘密', 'シフトのメモ', '旧アカウントのメモ', '東京都']) expect(text).not.toContain(word);
    expect([...keysOf(entries)].sort()).toEqual(
      [
        'area',
        'channels',
        'createdAt',
        'date',
        'disputed',
        'end',
        'formerHandles',
        'handle',
        'href',
        'illustration',
        'kind',
        'latestBlog',
        'latestPost',
        'name',
        'nextShift',
        'photoURL',
        'publishedAt',
        'start',
        'store',
        'text',
        'title',
        'uid',
        'verification',
        'x',
      ].sort(),
    );
  });

  it('cuts a post to one line of 80 characters without splitting an emoji', () => {
    expect(postExcerpt('おはよう\n\n  ございます')).toBe('おはよう ございます');
    const long = `${'あ'.repeat(79)}😀😀`;
    expect(postExcerpt(long)).toBe(`${'あ'.repeat(79)}😀…`);
    expect(postExcerpt('あ'.repeat(80))).toBe('あ'.repeat(80));
  });
});

describe('the /u endpoint data', () => {
  let dir: string | undefined;
  afterEach(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('groups every entry into the shard of its uid, next shift counted from the render clock', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'people-index-'));
    const data = publicExport({ therapists: 30, today: TODAY });
    await writePublicExport(dir, data);
    // The day after TODAY: the shifts dated TODAY are past.
    setRenderContext({ exportDir: dir, version: `people-${Date.now()}`, now: tokyoInstant('2026-11-23', '09:00') });
    const shards = await loadPeopleIndex();
    const all = [...shards.values()].flat();
    expect(all).toHaveLength(30 + 6);
    for (const [shard, entries] of shards) for (const entry of entries) expect(personShard(entry.uid)).toBe(shard);
    const her = findPerson(shards.get(personShard('th-01'))!, 'th-01')!;
    expect(her.nextShift).toEqual({ date: '2026-11-29', start: '18:00', end: '03:00' });
    const largest = Math.max(...[...shards.values()].map((entries) => JSON.stringify(entries).length));
    expect(largest).toBeLessThan(4096);
  });
});
