import { z } from './zod';
import { AREAS } from '../lib/areas';
import { AVATAR_PATH_PATTERN } from '../lib/avatar/photo-path';
import { X_HANDLE_PATTERN } from '../lib/handles';
import { SLUG_PATTERN } from '../lib/slugs';
import { TIME_OF_DAY_PATTERN, isDateKey } from '../lib/tokyo-date';

/**
 * A Firestore Timestamp from either SDK (client or admin): both expose
 * toDate(). Schemas keep it as is; the export turns it into ISO text.
 */
export interface TimestampLike {
  toDate(): Date;
}
export const timestamp = z.custom<TimestampLike>((value) => typeof (value as TimestampLike | null)?.toDate === 'function', {
  message: 'Timestamp が必要です',
});

export const uid = z.string().min(1).max(128);
export const slug = z.string().regex(SLUG_PATTERN);
export const xHandle = z.string().regex(X_HANDLE_PATTERN);
export const dateKey = z.string().refine(isDateKey, { message: 'YYYY-MM-DD の日付が必要です' });
export const timeOfDay = z.string().regex(TIME_OF_DAY_PATTERN);
/**
 * https and printable ASCII only ([!-~]): the rules use the same class, so
 * the two can never disagree about Unicode spaces (NBSP, U+3000, U+FEFF).
 */
export const HTTPS_URL_PATTERN = /^https:\/\/[!-~]+$/;
export const httpsUrl = z.string().max(500).regex(HTTPS_URL_PATTERN);
export const optionalUrl = z.union([z.literal(''), httpsUrl]);
/**
 * A profile picture as stored: '' or a Storage path in the owner's folder,
 * one of two alternating names (so a user holds at most two avatar files).
 * The export builds the public URL; a document can never name a foreign host.
 */
export const photoPath = z.union([z.literal(''), z.string().regex(AVATAR_PATH_PATTERN)]);
export const MAX_TAGS = 10;
export const tags = z.array(z.string().min(1).max(20)).max(MAX_TAGS);
/**
 * An area of the vocabulary (src/lib/areas.ts), never free text: it becomes
 * a URL segment. firestore.rules `isArea` lists the same values.
 */
export const area = z.enum(AREAS);

/**
 * Current channels a therapist or store can be found on. Values are the
 * account names (no @, no URL) except `website`, which is a URL.
 */
export const channels = z
  .object({
    x: xHandle.optional(),
    bluesky: z
      .string()
      .regex(/^[a-z0-9.-]{3,253}$/)
      .optional(),
    instagram: z
      .string()
      .regex(/^[a-z0-9._]{1,30}$/)
      .optional(),
    tiktok: z
      .string()
      .regex(/^[a-z0-9._]{2,24}$/)
      .optional(),
    litlink: z
      .string()
      .regex(/^[a-z0-9_-]{1,40}$/)
      .optional(),
    website: httpsUrl.optional(),
  })
  .strict();
export type Channels = z.infer<typeof channels>;
