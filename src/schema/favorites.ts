import { z } from 'zod';
import { timestamp } from './common';

/** favorites/{uid}/items/{targetUid}: one 推し. Private; never exported row by row. */
export const favoriteDoc = z.object({ createdAt: timestamp }).strict();
export type FavoriteDoc = z.infer<typeof favoriteDoc>;
