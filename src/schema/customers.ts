import { z } from 'zod';
import { dateKey, tags, timestamp } from './common';

/** customers/{uid}/items/{id}: a therapist's private notebook. Never exported, indexed or logged. */
export const customerDoc = z
  .object({
    nickname: z.string().min(1).max(40),
    notes: z.string().max(5000),
    visits: z.array(z.object({ date: dateKey, memo: z.string().max(200) }).strict()).max(500),
    tags: tags,
    ng: z.boolean(),
    createdAt: timestamp,
    updatedAt: timestamp,
  })
  .strict();
export type CustomerDoc = z.infer<typeof customerDoc>;
