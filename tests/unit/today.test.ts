import { describe, expect, it } from 'vitest';
import type { Area } from '../../src/lib/areas';
import type { PublicShift, PublicStore, PublicTherapist } from '../../src/schema/public';
import { attendanceOn, firstRowPerPerson, isOvernightAt, placeOf, todayAttendance } from '../../src/lib/today';
import { tokyoYear } from '../../src/lib/tokyo-date';

const therapist = (id: string, displayName: string, area: Area, storeId: string | null = null): PublicTherapist => ({
  id,
  displayName,
  profileSlug: id,
  bio: '',
  photoURL: '',
  storeId,
  area,
  tags: [],
  channels: {},
  updatedAt: '2026-11-01T00:00:00.000Z',
});
const store = (id: string, displayName: string, area: Area, storeName = ''): PublicStore => ({
  id,
  displayName,
  storeName,
  profileSlug: `${id}-slug`,
  description: '',
  photoURL: '',
  area,
  address: '',
  nearestStation: '',
  hours: '',
  website: '',
  channels: {},
  courses: [],
  options: [],
  verified: false,
  updatedAt: '2026-11-01T00:00:00.000Z',
});
const shift = (id: string, userId: string, storeId: string | null, date: string, start: string, end: string): PublicShift => ({
  id,
  userId,
  storeId,
  date,
  start,
  end,
  note: '',
});
const byId = <T extends { id: string }>(items: T[]) => new Map(items.map((item) => [item.id, item]));

// 2026-11-22 14:00 in Tokyo.
const afternoon = new Date('2026-11-22T05:00:00Z');

describe('todayAttendance: which Tokyo day', () => {
  const therapists = byId([therapist('t1', 'みう', '新宿')]);

  it('takes the shifts dated today in Tokyo', () => {
    const shifts = [shift('a', 't1', null, '2026-11-22', '12:00', '18:00'), shift('b', 't1', null, '2026-11-23', '12:00', '18:00')];
    const result = todayAttendance(shifts, therapists, new Map(), afternoon);
    expect(result.dateKey).toBe('2026-11-22');
    expect(result.groups.flatMap((g) => g.stores.flatMap((s) => s.rows.map((r) => r.shift.id)))).toEqual(['a']);
  });

  it('is already the next day in Tokyo at 15:30 UTC of the day before', () => {
    const shifts = [shift('late', 't1', null, '2026-11-22', '00:30', '05:00'), shift('prev', 't1', null, '2026-11-21', '12:00', '18:00')];
    const result = todayAttendance(shifts, therapists, new Map(), new Date('2026-11-21T15:30:00Z'));
    expect(result.dateKey).toBe('2026-11-22');
    expect(result.groups.flatMap((g) => g.stores.flatMap((s) => s.rows.map((r) => r.shift.id)))).toEqual(['late']);
  });

  it('drops shifts of therapists who are not published', () => {
    const rows = attendanceOn('2026-11-22', [shift('x', 'hidden', null, '2026-11-22', '12:00', '18:00')], therapists, new Map());
    expect(rows).toEqual([]);
  });
});

describe('todayAttendance: overnight shifts from yesterday', () => {
  const therapists = byId([therapist('t1', 'みう', '新宿')]);
  const overnight = shift('night', 't1', null, '2026-11-21', '20:00', '04:00');

  it('lists a shift from yesterday 20:00–翌04:00 at 02:00 Tokyo, apart from today', () => {
    const result = todayAttendance([overnight], therapists, new Map(), new Date('2026-11-21T17:00:00Z'));
    expect(result.overnight.map((row) => row.shift.id)).toEqual(['night']);
    expect(result.groups).toEqual([]);
  });

  it('no longer lists it at 05:00 Tokyo', () => {
    expect(todayAttendance([overnight], therapists, new Map(), new Date('2026-11-21T20:00:00Z')).overnight).toEqual([]);
  });

  it('treats the end minute itself as finished', () => {
    expect(isOvernightAt(overnight, new Date('2026-11-21T18:59:59Z'))).toBe(true);
    expect(isOvernightAt(overnight, new Date('2026-11-21T19:00:00Z'))).toBe(false);
  });

  it('ignores yesterday shifts that ended before midnight and older overnight shifts', () => {
    const at = new Date('2026-11-21T17:00:00Z'); // 02:00 on 2026-11-22
    expect(isOvernightAt(shift('day', 't1', null, '2026-11-21', '12:00', '23:00'), at)).toBe(false);
    expect(isOvernightAt(shift('old', 't1', null, '2026-11-20', '20:00', '04:00'), at)).toBe(false);
  });

  it("keeps today's own midnight-passing shift in today's groups, not in overnight", () => {
    const tonight = shift('tonight', 't1', null, '2026-11-22', '20:00', '04:00');
    const result = todayAttendance([tonight], therapists, new Map(), new Date('2026-11-21T17:00:00Z'));
    expect(result.overnight).toEqual([]);
    expect(result.groups[0]?.stores[0]?.rows.map((r) => r.shift.id)).toEqual(['tonight']);
  });
});

describe('todayAttendance: grouping', () => {
  const stores = byId([
    store('st-umeda', 'ルナ梅田', '梅田'),
    store('st-b', '', '新宿', 'ビーナス新宿'),
    store('st-a', 'アロマ新宿', '新宿'),
    store('st-shibuya-in-shinjuku', 'リラク渋谷', '渋谷'),
  ]);
  const therapists = byId([
    therapist('t1', 'みう', '新宿', 'st-a'),
    therapist('t2', 'あかり', '新宿', 'st-a'),
    therapist('t3', 'さくら', '新宿', 'st-b'),
    therapist('t4', 'れいな', '新宿'),
    therapist('t5', 'ゆき', '梅田', 'st-umeda'),
    therapist('t6', 'なな', 'その他'),
    therapist('t7', 'まい', '新宿', 'st-shibuya-in-shinjuku'),
  ]);
  const shifts = [
    shift('s1', 't1', 'st-a', '2026-11-22', '18:00', '03:00'),
    shift('s2', 't2', 'st-a', '2026-11-22', '12:00', '20:00'),
    shift('s3', 't3', 'st-b', '2026-11-22', '13:00', '21:00'),
    shift('s4', 't4', null, '2026-11-22', '11:00', '17:00'),
    shift('s5', 't5', 'st-umeda', '2026-11-22', '15:00', '23:00'),
    shift('s6', 't6', null, '2026-11-22', '10:00', '16:00'),
    shift('s7', 't7', 'st-shibuya-in-shinjuku', '2026-11-22', '19:00', '01:00'),
    shift('s8', 't1', 'st-gone', '2026-11-22', '10:00', '11:00'),
  ];
  const { groups } = todayAttendance(shifts, therapists, stores, afternoon);
  const outline = groups.map((g) => [g.area, g.stores.map((s) => [s.name, s.rows.map((r) => r.shift.id)])]);

  it('orders areas as AREAS does (その他 last); stores by name with 店舗未登録 last; rows by start', () => {
    expect(outline).toEqual([
      [
        '新宿',
        [
          ['アロマ新宿', ['s2', 's1']],
          ['ビーナス新宿', ['s3']],
          ['店舗未登録', ['s8', 's4']],
        ],
      ],
      ['渋谷', [['リラク渋谷', ['s7']]]],
      ['梅田', [['ルナ梅田', ['s5']]]],
      ['その他', [['店舗未登録', ['s6']]]],
    ]);
  });

  it("puts a shift in its store's area, else the therapist's", () => {
    const row = groups[1]?.stores[0]?.rows[0];
    expect(row?.therapist.area).toBe('新宿');
    expect(row?.area).toBe('渋谷');
    // A store that is not published counts as none: the therapist's area, 店舗未登録.
    expect(groups[0]?.stores[2]?.rows[0]?.area).toBe('新宿');
  });

  it('links stores to their page and leaves 店舗未登録 unlinked', () => {
    expect(groups[0]?.stores.map((s) => [s.storeId, s.href])).toEqual([
      ['st-a', '/store-profile/st-a-slug'],
      ['st-b', '/store-profile/st-b-slug'],
      [null, undefined],
    ]);
  });

  it('sorts overnight rows by area, then store with 店舗未登録 last', () => {
    const yesterday = [
      shift('o1', 't6', null, '2026-11-21', '21:00', '05:00'),
      shift('o2', 't4', null, '2026-11-21', '20:00', '04:00'),
      shift('o3', 't1', 'st-a', '2026-11-21', '22:00', '04:00'),
      shift('o4', 't5', 'st-umeda', '2026-11-21', '19:00', '03:00'),
    ];
    const result = todayAttendance(yesterday, therapists, stores, new Date('2026-11-21T16:30:00Z'));
    expect(result.overnight.map((row) => [row.shift.id, placeOf(row).name])).toEqual([
      ['o3', 'アロマ新宿'],
      ['o2', '店舗未登録'],
      ['o4', 'ルナ梅田'],
      ['o1', '店舗未登録'],
    ]);
  });
});

describe('todayAttendance: people, not shifts', () => {
  const therapists = byId([therapist('t1', 'みう', '新宿'), therapist('t2', 'あかり', '渋谷')]);
  const shifts = [
    shift('m1', 't1', null, '2026-11-22', '10:00', '13:00'),
    shift('m2', 't1', null, '2026-11-22', '18:00', '22:00'),
    shift('a1', 't2', null, '2026-11-22', '12:00', '18:00'),
  ];

  it('counts a therapist with two shifts today once (the count home and /today both show)', () => {
    const result = todayAttendance(shifts, therapists, new Map(), afternoon);
    expect(result.groups.flatMap((g) => g.stores.flatMap((s) => s.rows))).toHaveLength(3);
    expect(result.people).toBe(2);
  });

  it('keeps each person first row only, in order, for the faces on the home page', () => {
    const rows = attendanceOn('2026-11-22', shifts, therapists, new Map());
    expect(firstRowPerPerson(rows).map((row) => row.shift.id)).toEqual(['m1', 'a1']);
  });
});

describe('tokyoYear (the footer ©)', () => {
  it('turns over at midnight in Tokyo, 9 hours before UTC does', () => {
    expect(tokyoYear(new Date('2026-12-31T14:59:59Z'))).toBe(2026);
    expect(tokyoYear(new Date('2026-12-31T15:00:00Z'))).toBe(2027);
  });
});
