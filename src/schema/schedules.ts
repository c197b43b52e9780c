import { z } from 'zod';
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
