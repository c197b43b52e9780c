import { z } from './zod';
import { dateKey, timeOfDay, timestamp, uid } from './common';

/**
 * schedules/{id}: one shift. `date` is the Tokyo day it starts on; `end`
 * earlier than `start` means the shift passes midnight.
 */
export const scheduleDoc = z
  .object({
    userId: uid,
    storeId: uid.nullable(),
    date: dateKey,
    start: timeOfDay,
    end: timeOfDay,
    note: z.string().max(100),
    updatedAt: timestamp,
  })
  .strict()
  .refine((shift) => shift.start !== shift.end, { message: '開始と終了が同じ時刻です', path: ['end'] });
export type ScheduleDoc = z.infer<typeof scheduleDoc>;

/**
 * Volume caps, enforced by the rules through the id scheme
 * schedules/{userId}_{date}_{slot}: at most MAX_SHIFTS_PER_DAY shifts a day
 * (so 42 in any 14-day window), dated from yesterday to SHIFT_DAYS_AHEAD
 * days ahead.
 */
export const MAX_SHIFTS_PER_DAY = 3;
export const SHIFT_DAYS_AHEAD = 60;

export function shiftDocId(userId: string, date: string, slot: number): string {
  return `${userId}_${date}_${slot}`;
}
