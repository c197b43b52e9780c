import { z } from 'zod';
import { area, channels, dateKey, optionalUrl, photoUrl, slug, tags, timeOfDay, uid, xHandle } from './common';

/**
 * The public export: what `scripts/export.ts` writes and the static build
 * reads. Only published documents and public fields; never users,
 * customers, announcements, favorites rows or tokens. Times are ISO text.
 */
const isoTime = z.string().datetime({ offset: true });

export const publicTherapist = z
  .object({
    id: uid,
    displayName: z.string(),
    profileSlug: slug,
    bio: z.string(),
    photoURL: photoUrl,
    storeId: uid.nullable(),
    area: area,
    tags: tags,
    channels: channels,
    updatedAt: isoTime,
  })
  .strict();
export type PublicTherapist = z.infer<typeof publicTherapist>;

export const publicStore = z
  .object({
    id: uid,
    displayName: z.string(),
    storeName: z.string(),
    profileSlug: slug,
    description: z.string(),
    photoURL: photoUrl,
    area: area,
    address: z.string(),
    nearestStation: z.string(),
    hours: z.string(),
    website: optionalUrl,
    channels: channels,
    updatedAt: isoTime,
  })
  .strict();
export type PublicStore = z.infer<typeof publicStore>;

export const publicFrozenAccount = z
  .object({
    id: z.string(),
    userId: uid,
    ownerKind: z.enum(['therapist', 'store']),
    platform: z.literal('x'),
    handle: xHandle,
    frozenOn: dateKey.nullable(),
    note: z.string(),
    createdAt: isoTime,
  })
  .strict();
export type PublicFrozenAccount = z.infer<typeof publicFrozenAccount>;

export const publicShift = z
  .object({
    id: z.string(),
    userId: uid,
    storeId: uid.nullable(),
    date: dateKey,
    start: timeOfDay,
    end: timeOfDay,
    note: z.string(),
  })
  .strict();
export type PublicShift = z.infer<typeof publicShift>;

export const exportMeta = z
  .object({
    exportedAt: isoTime,
    source: z.string(),
    counts: z.record(z.string(), z.number().int().nonnegative()),
  })
  .strict();
export type ExportMeta = z.infer<typeof exportMeta>;

/** File names inside the export folder, one per public collection. */
export const EXPORT_FILES = {
  therapists: 'therapists.json',
  stores: 'stores.json',
  frozenAccounts: 'frozen-accounts.json',
  shifts: 'shifts.json',
  meta: 'meta.json',
} as const;
