/** Whether a shift clashes with the person's other shifts. */
import type { ShiftTimes } from './view';
import { shiftInterval } from './shift';

type WithOptionalId = ShiftTimes & { id?: string };

/**
 * The first of `others` whose time overlaps `candidate`, or null. Shifts
 * that only touch (one ends at 22:00, the next starts at 22:00) do not
 * overlap. When editing, the candidate carries its id and is not compared
 * with its own stored version.
 */
export function findOverlap<T extends WithOptionalId>(candidate: WithOptionalId, others: readonly T[]): T | null {
  const mine = shiftInterval(candidate);
  for (const other of others) {
    if (candidate.id !== undefined && other.id === candidate.id) continue;
    const theirs = shiftInterval(other);
    if (mine.start < theirs.end && theirs.start < mine.end) return other;
  }
  return null;
}
