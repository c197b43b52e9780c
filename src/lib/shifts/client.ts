/**
 * Shifts in Firestore for the schedule editor (lite SDK, one-shot reads).
 * A therapist works on her own shifts; a store on those of a therapist who
 * named it, seeing and writing only shifts with its own storeId (the rules
 * demand both filters). Overlaps are checked here against freshly loaded
 * neighbouring days before every write, since rules cannot run a query.
 */
import {
  addDoc,
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
import { addDays } from '../tokyo-date';
import { copyWeek } from './copy-week';
import { ShiftOverlapError } from './errors';
import { findOverlap } from './overlap';
import { compareShifts } from '../shifts-view';
import type { Shift, ShiftFields } from './shift';
import { DAYS_PER_WEEK, previousWeek } from './week';

/** Whose shifts are edited, and by whom. */
export type ShiftScope =
  | { kind: 'therapist'; userId: string }
  | { kind: 'store'; userId: string; storeId: string };

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

/** The storeId a write must carry: the store itself, or the therapist's current store. */
async function storeIdFor(scope: ShiftScope): Promise<string | null> {
  if (scope.kind === 'store') return scope.storeId;
  const account = await getDoc(doc(clientDb(), 'accounts', scope.userId));
  const storeId: unknown = account.data()?.storeId;
  return typeof storeId === 'string' ? storeId : null;
}

/** Exactly the fields the rules allow, whatever else the caller's object holds. */
function shiftData(storeId: string | null, fields: ShiftFields) {
  const { date, start, end, note } = fields;
  return { storeId, date, start, end, note, updatedAt: serverTimestamp() };
}

/**
 * Creates a shift, or updates the one with `id`, after checking it against
 * the day before, the day and the day after as stored now (another device
 * may have added a shift). Throws ShiftOverlapError naming the clash.
 */
export async function saveShift(scope: ShiftScope, fields: ShiftFields, id?: string): Promise<void> {
  const [storeId, neighbours] = await Promise.all([
    storeIdFor(scope),
    loadShifts(scope, addDays(fields.date, -1), addDays(fields.date, 2)),
  ]);
  const clash = findOverlap({ ...fields, id }, neighbours);
  if (clash) throw new ShiftOverlapError(clash);
  if (id) await updateDoc(doc(schedules(), id), shiftData(storeId, fields));
  else await addDoc(schedules(), { userId: scope.userId, ...shiftData(storeId, fields) });
}

export async function deleteShift(id: string): Promise<void> {
  await deleteDoc(doc(schedules(), id));
}

/**
 * Copies the previous week's shifts into the week starting `toWeekStart`,
 * in one batch, skipping those that would overlap a shift stored now
 * (including Sunday night before it and the Monday after it).
 */
export async function copyLastWeek(scope: ShiftScope, toWeekStart: string): Promise<{ created: number; skipped: number }> {
  const fromWeekStart = previousWeek(toWeekStart);
  const [storeId, nearby] = await Promise.all([
    storeIdFor(scope),
    loadShifts(scope, fromWeekStart, addDays(toWeekStart, DAYS_PER_WEEK + 1)),
  ]);
  const targetFrom = addDays(toWeekStart, -1);
  const existing = nearby.filter((shift) => shift.date >= targetFrom);
  const { toCreate, skipped } = copyWeek(nearby, fromWeekStart, toWeekStart, existing);
  if (toCreate.length > 0) {
    const batch = writeBatch(clientDb());
    for (const fields of toCreate) batch.set(doc(schedules()), { userId: scope.userId, ...shiftData(storeId, fields) });
    await batch.commit();
  }
  return { created: toCreate.length, skipped: skipped.length };
}

/** A therapist who named the store as hers, published or not. */
export interface StoreTherapist {
  id: string;
  displayName: string;
  published: boolean;
}

/** The therapists whose profile names `storeUid`, by name. */
export async function listStoreTherapists(storeUid: string): Promise<StoreTherapist[]> {
  const snapshot = await getDocs(query(collection(clientDb(), 'accounts'), where('storeId', '==', storeUid)));
  return snapshot.docs
    .map((account) => {
      const data = account.data();
      return { id: account.id, displayName: text(data.displayName), published: data.published === true };
    })
    .sort((a, b) => a.displayName.localeCompare(b.displayName, 'ja'));
}
