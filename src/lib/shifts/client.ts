/**
 * Shifts in Firestore for the schedule editor (lite SDK, one-shot reads).
 * A therapist works on her own shifts; a store on those of its confirmed
 * members, seeing and writing only shifts with its own storeId (the rules
 * demand both filters). A shift is schedules/{userId}_{date}_{slot} (slots.ts:
 * 3 a day, yesterday to 60 days ahead); its storeId is her store only while
 * the store has confirmed her, else null. Overlaps are checked here against
 * freshly loaded neighbouring days before every write, since rules cannot
 * run a query.
 */
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
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
import { readMembership } from '../membership/client';
import { asInstant, membershipState } from '../membership/state';
import { addDays, tokyoDateKey } from '../tokyo-date';
import { copyWeek } from './copy-week';
import { ShiftOverlapError } from './errors';
import { findOverlap } from './overlap';
import { compareShifts } from '../shifts-view';
import type { Shift, ShiftFields } from './shift';
import {
  freeShiftSlots,
  parseShiftId,
  placeShifts,
  shiftDateProblem,
  ShiftDateRangeError,
  ShiftDayFullError,
  shiftDocId,
  ShiftRefusedError,
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

/** The scope's shifts starting on Tokyo days [from, until), sorted. */
export async function loadShifts(scope: ShiftScope, from: string, until: string): Promise<Shift[]> {
  const owner = [where('userId', '==', scope.userId)];
  if (scope.kind === 'store') owner.push(where('storeId', '==', scope.storeId));
  const snapshot = await getDocs(query(schedules(), ...owner, where('date', '>=', from), where('date', '<', until)));
  return snapshot.docs.map(toShift).sort(compareShifts);
}

/** A week's shifts plus the day before it, whose shifts past midnight reach into Monday. */
export function loadWeek(scope: ShiftScope, weekStartKey: string): Promise<Shift[]> {
  return loadShifts(scope, addDays(weekStartKey, -1), addDays(weekStartKey, DAYS_PER_WEEK));
}

/** The storeId a write must carry: the store itself, or her store once it has confirmed her (else null). */
async function storeIdFor(scope: ShiftScope): Promise<string | null> {
  if (scope.kind === 'store') return scope.storeId;
  const account = (await getDoc(doc(clientDb(), 'accounts', scope.userId))).data();
  const storeId = typeof account?.storeId === 'string' ? account.storeId : null;
  if (!storeId) return null;
  const answer = await readMembership(storeId, scope.userId);
  return membershipState(storeId, asInstant(account?.storeRequestedAt), answer) === 'confirmed' ? storeId : null;
}

/** Exactly the fields the rules allow, whatever else the caller's object holds. */
function shiftData(storeId: string | null, fields: ShiftFields) {
  const { date, start, end, note } = fields;
  return { storeId, date, start, end, note, updatedAt: serverTimestamp() };
}

/**
 * Writes a new shift into the first of `slots` that takes it (deleting
 * `replaces` in the same batch, for a shift moved to another day). A
 * store cannot see her shifts under other stores, so a slot it thought
 * free may be refused: it tries the next, and throws ShiftRefusedError
 * when every one was refused.
 */
async function createInSlot(
  scope: ShiftScope,
  storeId: string | null,
  fields: ShiftFields,
  slots: readonly number[],
  replaces?: string,
): Promise<void> {
  const db = clientDb();
  for (const slot of slots) {
    const batch = writeBatch(db);
    batch.set(doc(schedules(), shiftDocId(scope.userId, fields.date, slot)), { userId: scope.userId, ...shiftData(storeId, fields) });
    if (replaces) batch.delete(doc(schedules(), replaces));
    try {
      await batch.commit();
      return;
    } catch (error) {
      if (scope.kind !== 'store' || errorCode(error) !== 'permission-denied') throw error;
    }
  }
  throw new ShiftRefusedError(fields.date);
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
  await deleteDoc(doc(schedules(), id));
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
  let created = 0;
  let refused = 0;
  for (const { fields, slots } of placed) {
    try {
      await createInSlot(scope, storeId, fields, slots);
      created += 1;
    } catch (error) {
      // A day full of shifts this store cannot see.
      if (!(error instanceof ShiftRefusedError)) throw error;
      refused += 1;
    }
  }
  return { created, skipped: skipped.length, full: full.length + refused, outOfRange: outOfRange.length };
}
