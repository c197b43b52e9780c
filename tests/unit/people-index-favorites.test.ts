/** What /favorites makes of the people index: the 「新しいアカウント」 mark, the two orders, what the browser remembers. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { PersonEntry } from '../../src/lib/favorites/people-index';
import { latestActivity, newHandlesOf, sortCards, type FavoriteCard } from '../../src/islands/favorites/favorite-cards';
import { readOrder, readSeenHandles, rememberOrder, rememberSeenHandles } from '../../src/islands/favorites/favorites-memory';

function person(uid: string, overrides: Partial<PersonEntry> = {}): PersonEntry {
  return {
    kind: 'therapist',
    uid,
    name: uid,
    href: `/profile/${uid}`,
    area: '新宿',
    photoURL: '',
    channels: [],
    store: null,
    nextShift: null,
    x: null,
    formerHandles: [],
    latestBlog: null,
    latestPost: null,
    ...overrides,
  };
}

const card = (entry: PersonEntry | null, addedAt: string, uid = entry?.uid ?? 'gone'): FavoriteCard => ({
  row: { targetUid: uid, targetKind: 'therapist', createdAt: new Date(addedAt) },
  person: entry,
  newHandles: [],
});

const handle = (name: string, createdAt: string, disputed = false) => ({
  handle: name,
  createdAt,
  verification: 'self' as const,
  disputed,
});

describe('the 「新しいアカウント」 mark', () => {
  const visit = new Date('2026-11-20T00:00:00.000Z');
  const her = person('miu', {
    x: 'miu_now',
    formerHandles: [
      handle('miu_new', '2026-11-21T00:00:00.000Z'),
      handle('miu_claimed', '2026-11-21T05:00:00.000Z', true),
      handle('miu_old', '2026-11-01T00:00:00.000Z'),
    ],
  });

  it('names former handles registered after my last visit, not disputed ones, not older ones', () => {
    expect(newHandlesOf(her, visit, false)).toEqual(['miu_new']);
  });

  it('names her X handle when this browser showed another one last time', () => {
    expect(newHandlesOf(her, visit, true)).toEqual(['miu_now', 'miu_new']);
  });

  it('shows nothing on a first visit', () => {
    expect(newHandlesOf(her, null, true)).toEqual([]);
  });

  it('shows nothing when everything is older than the visit', () => {
    expect(newHandlesOf(her, new Date('2026-11-22T00:00:00.000Z'), false)).toEqual([]);
  });
});

describe('the order of the list', () => {
  const soon = person('soon', { nextShift: { date: '2026-11-22', start: '18:00', end: '23:00' } });
  const later = person('later', {
    nextShift: { date: '2026-11-22', start: '20:00', end: '03:00' },
    latestPost: { text: 'やあ', href: '/profile/later#post-1', createdAt: '2026-11-21T10:00:00.000Z' },
  });
  const writer = person('writer', { latestBlog: { title: '日記', href: '/blog/1', publishedAt: '2026-11-21T12:00:00.000Z' } });
  const quiet = person('quiet');
  const quieter = person('quieter');
  const cards = [
    card(null, '2026-11-10T00:00:00.000Z', 'gone-uid'),
    card(quiet, '2026-11-01T00:00:00.000Z'),
    card(writer, '2026-11-02T00:00:00.000Z'),
    card(later, '2026-11-03T00:00:00.000Z'),
    card(quieter, '2026-11-05T00:00:00.000Z'),
    card(soon, '2026-11-04T00:00:00.000Z'),
  ];
  const uids = (sorted: FavoriteCard[]) => sorted.map((each) => each.row.targetUid);

  it('by next shift: the soonest first, then the rest newest 推し first, pages gone last', () => {
    expect(uids(sortCards(cards, 'next-shift'))).toEqual(['soon', 'later', 'quieter', 'writer', 'quiet', 'gone-uid']);
  });

  it('by latest update: the newest news first (blog, post or handle), then the rest, pages gone last', () => {
    expect(uids(sortCards(cards, 'latest'))).toEqual(['writer', 'later', 'quieter', 'soon', 'quiet', 'gone-uid']);
  });

  it('counts a handle registration as news', () => {
    const moved = person('moved', { formerHandles: [handle('moved_old', '2026-11-22T00:00:00.000Z')] });
    expect(latestActivity(moved)).toBe(Date.parse('2026-11-22T00:00:00.000Z'));
    expect(uids(sortCards([...cards, card(moved, '2026-10-01T00:00:00.000Z')], 'latest'))[0]).toBe('moved');
    expect(latestActivity(quiet)).toBe(0);
  });
});

describe('what the browser remembers', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    store.clear();
    // Node has no localStorage: a minimal one for the module under test.
    Object.assign(globalThis, {
      localStorage: {
        getItem: (key: string) => store.get(key) ?? null,
        setItem: (key: string, value: string) => void store.set(key, value),
        removeItem: (key: string) => void store.delete(key),
      },
    });
  });
  afterEach(() => {
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  it('keeps the chosen order, next shift first by default', () => {
    expect(readOrder()).toBe('next-shift');
    rememberOrder('latest');
    expect(readOrder()).toBe('latest');
    store.set('theralink:favorites:order', JSON.stringify({ value: 'bogus', savedAt: 1, tab: 't' }));
    expect(readOrder()).toBe('next-shift');
  });

  it('tells a changed X handle from the same one, per account, and holds no readable uid or handle', () => {
    rememberSeenHandles('fan-1', [
      { uid: 'miu', x: 'miu_0312' },
      { uid: 'rena', x: null },
    ]);
    const seen = readSeenHandles('fan-1');
    expect(seen.xChanged('miu', 'miu_0312')).toBe(false);
    expect(seen.xChanged('miu', 'miu_new')).toBe(true);
    expect(seen.xChanged('rena', 'rena_new')).toBe(true);
    // Not on my list last time, or no X handle now: nothing to announce.
    expect(seen.xChanged('sakura', 'sakura_x')).toBe(false);
    expect(seen.xChanged('miu', null)).toBe(false);
    expect(readSeenHandles('fan-2').xChanged('miu', 'miu_new')).toBe(false);
    const stored = [...store.values()].join('\n');
    for (const word of ['miu', 'rena', 'miu_0312']) expect(stored).not.toContain(word);
  });
});
