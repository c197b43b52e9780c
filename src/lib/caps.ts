/**
 * Per-user caps of the trust-and-safety model (docs/decisions/caps-by-bounded-ids.md), as the islands need them. They mirror src/schema (the unit tests
 * hold them equal) instead of importing it: zod would add about 13 KB gzip
 * to every island that needs a number. The rules enforce most caps through
 * a bounded id scheme ({uid}_{slot}), so a client picks a free slot; 推し
 * and handle watches are keyed by their target, so a counter on users/{uid}
 * bounds them instead (docs/decisions/favorites-and-handle-watches.md).
 */

/** A released slug stays held this many days (only its previous owner may take it back). */
export const SLUG_HOLD_DAYS = 30;
/** Released slugs held per account at a time (slugHolds/{uid}); a rename past it releases the oldest for real. */
export const MAX_HELD_SLUGS = 2;
/** Former handles per account (users/{uid}/handleSlots/{0..9}). */
export const MAX_FORMER_HANDLES = 10;
/** Open disputes per account (disputes/{uid}_{0..2}). */
export const MAX_OPEN_DISPUTES = 3;
/** Open reports per account (reports/{uid}_{0..19}). */
export const MAX_OPEN_REPORTS = 20;
/** Shifts a day (schedules/{uid}_{date}_{0..2}). */
export const MAX_SHIFTS_PER_DAY = 3;
/** Shifts may be dated from yesterday to this many days ahead. */
export const SHIFT_DAYS_AHEAD = 60;
/** Push tokens (browsers) per user (users/{uid}/fcmTokens/{0..4}). */
export const MAX_PUSH_TOKENS = 5;
/** Customers in a therapist's encrypted notebook (customers/{uid}/records/{0..4999}). */
export const MAX_CUSTOMERS = 5000;
/** Longest dispute evidence and report text, in characters (UTF-16 units, as the schema counts). */
export const DISPUTE_EVIDENCE_MAX = 1000;
export const REPORT_TEXT_MAX = 1000;
/** Longest note a store adds when it asks to be verified (storeVerificationRequests/{uid}.note). */
export const VERIFICATION_NOTE_MAX = 200;
/** 推し per account (users/{uid}.favoriteCount counts favorites/{uid}/items). */
export const MAX_FAVORITES = 500;
/** Watched X handles per account (users/{uid}.watchCount counts handleWatches/{uid}/handles). */
export const MAX_HANDLE_WATCHES = 20;

/** The lowest of the slots 0..count-1 not in `used`, or null when all are taken. */
export function firstFreeSlot(used: Iterable<number>, count: number): number | null {
  const taken = new Set(used);
  for (let slot = 0; slot < count; slot += 1) if (!taken.has(slot)) return slot;
  return null;
}

/** Every slot 0..count-1 not in `used`, lowest first. */
export function freeSlots(used: Iterable<number>, count: number): number[] {
  const taken = new Set(used);
  return Array.from({ length: count }, (_, slot) => slot).filter((slot) => !taken.has(slot));
}
