import { z } from './zod';
import { timestamp, uid } from './common';

/**
 * availableNow/{uid}: 今すぐ案内可, the therapist `uid` can take a guest
 * until `until` (docs/decisions/available-now.md). Written by her or by the
 * store she is a confirmed member of (`setBy`, the writer's uid); `until`
 * at most 90 minutes after the server's time of the write, and ending it
 * early writes `until` = the server's time. Never deleted: an `until` in
 * the past is simply over.
 */
export const availableNowDoc = z
  .object({
    userId: uid,
    until: timestamp,
    setBy: uid,
    updatedAt: timestamp,
  })
  .strict();
export type AvailableNowDoc = z.infer<typeof availableNowDoc>;
