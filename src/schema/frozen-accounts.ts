import { z } from 'zod';
import { dateKey, timestamp, uid, xHandle } from './common';

/** frozenAccounts/{id}: a former (frozen) handle, registered by its owner. */
export const frozenAccountDoc = z
  .object({
    userId: uid,
    platform: z.literal('x'),
    handle: xHandle,
    frozenOn: dateKey.nullable(),
    note: z.string().max(200),
    createdAt: timestamp,
  })
  .strict();
export type FrozenAccountDoc = z.infer<typeof frozenAccountDoc>;
