/**
 * Shifts in Firestore for the schedule editor (lite SDK, one-shot reads).
 * A therapist works on her own shifts; a store on those of its confirmed
 * members, seeing and writing only shifts with its own storeId or none (the
 * rules demand both filters). A shift is schedules/{userId}_{date}_{slot} (slots.ts:
 * 3 a day, yesterday to 60 days ahead); its storeId is her store only while
 * the store has confirmed her, else null. Overlaps are checked here against
 * freshly loaded neighbouring days before every write, since rules cannot
 * run a query. A store's roster loads and copies each member's shifts the
 * same way, one member (one query, one batch) at a time.
 */
import {
  collection,
  doc,
  getDocs,
  query,
  serverTimestamp,
  updateDoc,
  where,
  writeBatch,
  type DocumentData,
  type QueryDocumentSnapshot,
} from 'firebase/firestore/lite';
import { clientDb } from '../firebase/db';
import { errorCode } from '../firebase/error-code';
import { deleteWithTombstone } from '../firebase/tombstone';
import { readMembership, readStoreRequest } from '../membership/client';
import { membershipState } from '../membership/state';
import { addDays, tokyoDateKey } from '../tokyo-date';
import { copyWeek } from './copy-week';
import { ShiftCopyInterruptedError, ShiftOverlapError } from './errors';
import { findOverlap } from './overlap';
import { compareShifts } from './view';
import type { Shift, ShiftFields } from './shift';
import { planRosterCopy, type RosterCopyCounts, type RosterCopyPlan } from './roster-copy';
import {
  freeShiftSlots,
  parseShiftId,
  placeShifts,
  shiftDateProblem,
  ShiftDateRangeError,
  ShiftDayFullError,
  shiftDocId,
  ShiftRefusedError,
  type PlacedShift,
} from './slots';
import { DAYS_PER_WEEK, previousWeek } from './week';

/** Whose shifts are edited, and by whom. */
export type ShiftScope = { kind: 'therapist'; userId: string } | { kind: 'store'; userId: string; storeId: string };

const schedules = () => collection(clientDb(), 'schedules');

const text = (value: unknown) => (typeof value === 'string' ? value : '');

function toShift(snapshot: QueryDocumentSnapshot<DocumentData>): Shift {
  const data = snapshot.data();
  return {
    id: snapshot.id,
    userId: text(data.userId),
    storeId: typeof data.storeId === 'string' ? data.storeId : null,
    date: text(data.date),
    start: text(data.start),
    end: text(data.end),
    note: text(data.note),
  };
}

/**
 * The scope's shifts starting on Tokyo days [from, until), sorted. A store
 * gets its member's shifts under its id and those she entered with no store
 * (before it confirmed her), which show under it (shiftStoreOf); its next
 * write of one takes it in.
 */
export async function loadShifts(scope: ShiftScope, from: string, until: string): Promise<Shift[]> {
  const dated = [where('userId', '==', scope.userId), where('date', '>=', from), where('date', '<', until)];
  const stores = scope.kind === 'store' ? [scope.storeId, null] : [undefined];
  const snapshots = await Promise.all(
    stores.map((storeId) => getDocs(query(schedules(), ...dated, ...(storeId === undefined ? [] : [where('storeId', '==', storeId)])))),
  );
  return snapshots.flatMap((snapshot) => snapshot.docs.map(toShift)).sort(compareShifts);
}

/** A week's shifts plus the day before it, whose shifts past midnight reach into Monday. */
export function loadWeek(scope: ShiftScope, weekStartKey: string): Promise<Shift[]> {
  return loadShifts(scope, addDays(weekStartKey, -1), addDays(weekStartKey, DAYS_PER_WEEK));
}

/** The storeId a write must carry: the store itself, or her store once it has confirmed her (else null). */
async function storeIdFor(scope: ShiftScope): Promise<string | null> {
  if (scope.kind === 'store') return scope.storeId;
  const { storeId, requestedAt } = await readStoreRequest(scope.userId);
  if (!storeId) return null;
  const answer = await readMembership(storeId, scope.userId);
  return membershipState(storeId, requestedAt, answer) === 'confirmed' ? storeId : null;
}

/** Exactly the fields the rules allow, whatever else the caller's object holds. */
function shiftData(storeId: string | null, fields: ShiftFields) {
  const { date, start, end, note } = fields;
  return { storeId, date, start, end, note, updatedAt: serverTimestamp() };
}

/**
 * Writes a new shift into the first of `slots` that takes it (deleting
 * `replaces` in the same batch, for a shift moved to another day) and
 * returns that slot. A store cannot see her shifts under other stores, so
 * a slot it thought free may be refused: it tries the next, and throws
 * ShiftRefusedError when every one was refused.
 */
async function createInSlot(
  scope: ShiftScope,
  storeId: string | null,
  fields: ShiftFields,
  slots: readonly number[],
  replaces?: string,
): Promise<number> {
  const db = clientDb();
  for (const slot of slots) {
    const batch = writeBatch(db);
    batch.set(doc(schedules(), shiftDocId(scope.userId, fields.date, slot)), { userId: scope.userId, ...shiftData(storeId, fields) });
    if (replaces) deleteWithTombstone(db, batch, 'schedules', replaces);
    try {
      await batch.commit();
      return slot;
    } catch (error) {
      if (scope.kind !== 'store' || errorCode(error) !== 'permission-denied') throw error;
    }
  }
  throw new ShiftRefusedError(fields.date);
}

/**
 * Writes one person's new shifts (each with its day's free slots, from
 * placeShifts) in one batch, each in its first slot. When a store's batch
 * is refused (a slot it thought free holds one of her shifts it cannot
 * see), it writes them one by one instead, each in a slot no earlier one
 * took, counting those refused everywhere. Throws
 * ShiftCopyInterruptedError (with `createdBefore` plus what it wrote) when
 * writing fails otherwise.
 */
async function createPlaced(
  scope: ShiftScope,
  storeId: string | null,
  placed: readonly PlacedShift<ShiftFields>[],
  createdBefore = 0,
): Promise<{ created: number; refused: number }> {
  if (placed.length === 0) return { created: 0, refused: 0 };
  const batch = writeBatch(clientDb());
  for (const { fields, slots } of placed) {
    batch.set(doc(schedules(), shiftDocId(scope.userId, fields.date, slots[0]!)), { userId: scope.userId, ...shiftData(storeId, fields) });
  }
  try {
    await batch.commit();
    return { created: placed.length, refused: 0 };
  } catch (error) {
    if (scope.kind !== 'store' || errorCode(error) !== 'permission-denied') throw new ShiftCopyInterruptedError(createdBefore, error);
  }
  const taken = new Set<string>();
  let created = 0;
  let refused = 0;
  for (const { fields, slots } of placed) {
    const free = slots.filter((slot) => !taken.has(shiftDocId(scope.userId, fields.date, slot)));
    try {
      taken.add(shiftDocId(scope.userId, fields.date, await createInSlot(scope, storeId, fields, free)));
      created += 1;
    } catch (error) {
      if (!(error instanceof ShiftRefusedError)) throw new ShiftCopyInterruptedError(createdBefore + created, error);
      refused += 1;
    }
  }
  return { created, refused };
}

/**
 * Creates a shift, or updates the one with `id`, after checking the date
 * range, the day's cap and overlaps against the day before, the day and
 * the day after as stored now (another device may have added a shift).
 * A shift moved to another day gets that day's free slot. Throws
 * ShiftDateRangeError, ShiftDayFullError or ShiftOverlapError.
 */
export async function saveShift(scope: ShiftScope, fields: ShiftFields, id?: string): Promise<void> {
  const stored = id ? parseShiftId(id, scope.userId) : null;
  const inPlace = id !== undefined && (stored === null || stored.date === fields.date);
  if (!inPlace && shiftDateProblem(fields.date, tokyoDateKey())) throw new ShiftDateRangeError(fields.date, tokyoDateKey());
  const [storeId, neighbours] = await Promise.all([
    storeIdFor(scope),
    loadShifts(scope, addDays(fields.date, -1), addDays(fields.date, 2)),
  ]);
  const clash = findOverlap({ ...fields, id }, neighbours);
  if (clash) throw new ShiftOverlapError(clash);
  if (inPlace) {
    await updateDoc(doc(schedules(), id), shiftData(storeId, fields));
    return;
  }
  const slots = freeShiftSlots(neighbours, scope.userId, fields.date, id);
  if (slots.length === 0) throw new ShiftDayFullError(fields.date);
  await createInSlot(scope, storeId, fields, slots, id);
}

export async function deleteShift(id: string): Promise<void> {
  const batch = writeBatch(clientDb());
  deleteWithTombstone(clientDb(), batch, 'schedules', id);
  await batch.commit();
}

export interface CopyResult {
  created: number;
  /** Left out because they would overlap a shift there. */
  skipped: number;
  /** Left out because their day already holds the most shifts a day may. */
  full: number;
  /** Left out because their day is past the range shifts may have. */
  outOfRange: number;
}

/**
 * Copies the previous week's shifts into the week starting `toWeekStart`,
 * skipping those that would overlap a shift stored now (including Sunday
 * night before it and the Monday after it), those whose day is full and
 * those dated out of range. Each copy takes its day's free slot.
 */
export async function copyLastWeek(scope: ShiftScope, toWeekStart: string): Promise<CopyResult> {
  const fromWeekStart = previousWeek(toWeekStart);
  const [storeId, nearby] = await Promise.all([
    storeIdFor(scope),
    loadShifts(scope, fromWeekStart, addDays(toWeekStart, DAYS_PER_WEEK + 1)),
  ]);
  const targetFrom = addDays(toWeekStart, -1);
  const existing = nearby.filter((shift) => shift.date >= targetFrom);
  const { toCreate, skipped } = copyWeek(nearby, fromWeekStart, toWeekStart, existing);
  const { placed, full, outOfRange } = placeShifts(toCreate, existing, scope.userId, tokyoDateKey());
  const { created, refused } = await createPlaced(scope, storeId, placed);
  return { created, skipped: skipped.length, full: full.length + refused, outOfRange: outOfRange.length };
}

const memberScope = (storeId: string, userId: string): ShiftScope => ({ kind: 'store', userId, storeId });

/**
 * A store's roster: each member's shifts at the store on the seven days
 * from `start`, plus the day before (loadWeek), by member id.
 */
export async function loadRoster(storeId: string, userIds: readonly string[], start: string): Promise<Map<string, Shift[]>> {
  const weeks = await Promise.all(userIds.map((userId) => loadWeek(memberScope(storeId, userId), start)));
  return new Map(userIds.map((userId, index) => [userId, weeks[index] ?? []]));
}

/** The roster's 先週をコピー as it stands now (roster-copy.ts), for the seven days from `toStart`. */
export async function planStoreCopy(storeId: string, userIds: readonly string[], toStart: string): Promise<RosterCopyPlan> {
  const fromStart = previousWeek(toStart);
  const members = await Promise.all(
    userIds.map(async (userId) => ({
      userId,
      shifts: await loadShifts(memberScope(storeId, userId), fromStart, addDays(toStart, DAYS_PER_WEEK + 1)),
    })),
  );
  return planRosterCopy(members, fromStart, toStart, tokyoDateKey());
}

/**
 * Copies the roster's previous seven days into the seven from `toStart`,
 * planned afresh (planStoreCopy) just before writing: one batch per
 * member, one member after another. Throws ShiftCopyInterruptedError
 * when a write fails; what was written before stays.
 */
export async function copyLastWeekForStore(storeId: string, userIds: readonly string[], toStart: string): Promise<RosterCopyCounts> {
  const plan = await planStoreCopy(storeId, userIds, toStart);
  let created = 0;
  let refused = 0;
  for (const member of plan.members) {
    const written = await createPlaced(memberScope(storeId, member.userId), storeId, member.placed, created);
    created += written.created;
    refused += written.refused;
  }
  return { created, busy: plan.busy, overlapping: plan.overlapping, full: plan.full + refused, outOfRange: plan.outOfRange };
}
