import { z } from './zod';
import { timestamp } from './common';
import { CLIENT_TOMBSTONED, TRUSTED_TOMBSTONED } from './deletion-ids';

/** deletions/{collection}:{docId} (see ./deletion-ids.ts). */
export const deletionDoc = z
  .object({
    collection: z.enum([...CLIENT_TOMBSTONED, ...TRUSTED_TOMBSTONED]),
    docId: z.string().min(1).max(128),
    deletedAt: timestamp,
  })
  .strict();
export type DeletionDoc = z.infer<typeof deletionDoc>;
