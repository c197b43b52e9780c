/**
 * Today's attendance for /today and the home teaser. "Today" is the Tokyo
 * date of `now` (the build time on the static site; rebuilds keep it
 * current), passed in so the bucketing is testable.
 */
import type { PublicShift, PublicStore, PublicTherapist } from '../schema/public';
import { compareAreas } from './areas';
import { endDateKey, endsNextDay } from './shifts/view';
import { storeDisplayName } from './store-name';
import { addDays, tokyoDateKey, tokyoInstant } from './tokyo-date';
import { storePath } from './routes';

/** Heading of the group of therapists whose shift names no (published) store. */
export const NO_STORE_LABEL = '店舗未登録';

/** A shift with the therapist working it and, when it names a published store, that store. */
export interface AttendanceRow {
  shift: PublicShift;
  therapist: PublicTherapist;
  store?: PublicStore;
  /** The store's area when the shift has a store, else the therapist's area. */
  area: string;
}

/** The therapists at one store (or without a store: storeId null, no href). */
export interface StoreAttendance {
  storeId: string | null;
  name: string;
  href?: string;
  rows: AttendanceRow[];
}

export interface AreaAttendance {
  area: string;
  stores: StoreAttendance[];
}

export interface TodayAttendance {
  /** Tokyo date key of `now`. */
  dateKey: string;
  /** Today's shifts by area (AREAS order, unknown areas after by name), then by store. */
  groups: AreaAttendance[];
  /** Yesterday's shifts that pass midnight and have not ended at `now`. */
  overnight: AttendanceRow[];
  /** Therapists working today (`groups`), each counted once however many shifts she has: the 「本日 N人」 of /today and home. */
  people: number;
}

/** How many therapists the rows name: a therapist with two shifts in a day is one person. */
export function peopleIn(rows: readonly AttendanceRow[]): number {
  return new Set(rows.map((row) => row.therapist.id)).size;
}

/** The rows with each therapist's first row only (rows keep their order): faces and teasers show a person once. */
export function firstRowPerPerson(rows: readonly AttendanceRow[]): AttendanceRow[] {
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.therapist.id) && Boolean(seen.add(row.therapist.id)));
}

const byStartThenName = (a: AttendanceRow, b: AttendanceRow) =>
  a.shift.start.localeCompare(b.shift.start) || a.therapist.displayName.localeCompare(b.therapist.displayName, 'ja');

/** Stores by name, the group without a store last. */
const byPlace = (a: { storeId: string | null; name: string }, b: { storeId: string | null; name: string }) =>
  Number(a.storeId === null) - Number(b.storeId === null) || a.name.localeCompare(b.name, 'ja');

/** Where a row's therapist works: her store (display name, page), else 「店舗未登録」 without a link. */
export function placeOf(row: AttendanceRow): Omit<StoreAttendance, 'rows'> {
  return row.store
    ? { storeId: row.store.id, name: storeDisplayName(row.store), href: storePath(row.store.profileSlug) }
    : { storeId: null, name: NO_STORE_LABEL };
}

/**
 * Shifts on one Tokyo date joined with their therapist and store, sorted by
 * start time then name. Shifts of therapists missing from `therapistsById`
 * (unpublished) are dropped; a store missing from `storesById` counts as none.
 */
export function attendanceOn(
  dateKey: string,
  shifts: readonly PublicShift[],
  therapistsById: ReadonlyMap<string, PublicTherapist>,
  storesById: ReadonlyMap<string, PublicStore>,
): AttendanceRow[] {
  return shifts
    .filter((shift) => shift.date === dateKey)
    .flatMap((shift) => {
      const therapist = therapistsById.get(shift.userId);
      if (!therapist) return [];
      const store = shift.storeId ? storesById.get(shift.storeId) : undefined;
      return [{ shift, therapist, store, area: store?.area ?? therapist.area }];
    })
    .sort(byStartThenName);
}

/**
 * True when a shift that started on the Tokyo day before `now` passes
 * midnight and is still running: `now` is before its end (an end equal to
 * `now` has finished).
 */
export function isOvernightAt(shift: PublicShift, now: Date): boolean {
  return (
    shift.date === addDays(tokyoDateKey(now), -1) &&
    endsNextDay(shift) &&
    now.getTime() < tokyoInstant(endDateKey(shift), shift.end).getTime()
  );
}

function storeAttendance(rows: readonly AttendanceRow[]): StoreAttendance[] {
  const stores = new Map<string | null, StoreAttendance>();
  for (const row of rows) {
    const place = placeOf(row);
    let group = stores.get(place.storeId);
    if (!group) {
      group = { ...place, rows: [] };
      stores.set(place.storeId, group);
    }
    group.rows.push(row);
  }
  return [...stores.values()].sort(byPlace);
}

/**
 * Today's attendance at `now`: today's shifts grouped by area and store
 * (「店舗未登録」 last in each area), rows by start time; plus yesterday's
 * shifts still running past midnight, in one list by area, store and start.
 */
export function todayAttendance(
  shifts: readonly PublicShift[],
  therapistsById: ReadonlyMap<string, PublicTherapist>,
  storesById: ReadonlyMap<string, PublicStore>,
  now: Date,
): TodayAttendance {
  const dateKey = tokyoDateKey(now);
  const byAreaName = new Map<string, AttendanceRow[]>();
  const todays = attendanceOn(dateKey, shifts, therapistsById, storesById);
  for (const row of todays) {
    const rows = byAreaName.get(row.area);
    if (rows) rows.push(row);
    else byAreaName.set(row.area, [row]);
  }
  const groups = [...byAreaName].sort(([a], [b]) => compareAreas(a, b)).map(([area, rows]) => ({ area, stores: storeAttendance(rows) }));

  const overnight = attendanceOn(addDays(dateKey, -1), shifts, therapistsById, storesById)
    .filter((row) => isOvernightAt(row.shift, now))
    .sort((a, b) => compareAreas(a.area, b.area) || byPlace(placeOf(a), placeOf(b)) || byStartThenName(a, b));

  return { dateKey, groups, overnight, people: peopleIn(todays) };
}
