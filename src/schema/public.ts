import { z } from './zod';
import { area, channels, dateKey, optionalUrl, slug, tags, timeOfDay, uid, xHandle } from './common';
import { courseOptions, courses } from './course-menu';
import { verificationLevel } from './frozen-accounts';

/**
 * The public export's records: what `scripts/export.ts` writes and the
 * static build reads (each collection's file: src/registry/public-collections.ts).
 * Only published documents and public fields; never users, customers,
 * announcements, favorites rows or tokens. Times are ISO text.
 */
const isoTime = z.iso.datetime({ offset: true });

/**
 * A picture's public URL, built by the export from the stored Storage path
 * (the project's bucket, or the local Storage emulator in the demo).
 */
const photoURL = z.union([z.literal(''), z.url().max(1000)]);

export const publicTherapist = z
  .object({
    id: uid,
    displayName: z.string(),
    profileSlug: slug,
    bio: z.string(),
    photoURL: photoURL,
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
    photoURL: photoURL,
    area: area,
    address: z.string(),
    nearestStation: z.string(),
    hours: z.string(),
    website: optionalUrl,
    channels: channels,
    /**
     * The course menu in the store's order ([] when none; an export written
     * before menus existed reads as none): its page lists it, its
     * therapists' pages name the lowest price.
     */
    courses: courses.default([]),
    options: courseOptions.default([]),
    /**
     * The operator verified the store (storeVerifications/{id}): its page says
     * so, and only then do its confirmations show as 店舗確認済み.
     */
    verified: z.boolean(),
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
    /**
     * The level shown: 'store' only while the store that confirmed it is
     * operator-verified and public (else 'self'); see src/registry/derive.ts.
     */
    verification: verificationLevel,
    /** A second claimant's dispute is open: shown as 確認中, whatever the level, until the operator resolves it. */
    disputed: z.boolean(),
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

/**
 * 今すぐ案内可 of a public therapist whose window had not ended when the
 * export ran: the page shows it only while `until` is ahead of the
 * browser's clock (src/components/AvailableNowScript.astro).
 */
export const publicAvailableNow = z
  .object({
    userId: uid,
    /** When the window ends (ISO time). */
    until: isoTime,
    /** When it was set (ISO time): one alert per window (scripts/alerts/events.ts). */
    setAt: isoTime,
  })
  .strict();
export type PublicAvailableNow = z.infer<typeof publicAvailableNow>;

/** An old profile URL (a slug released less than SLUG_HOLD_DAYS ago) and where it goes now. */
export const publicSlugRedirect = z
  .object({
    from: slug,
    to: slug,
    kind: z.enum(['therapist', 'store']),
    /** The last day (ISO time) the redirect is kept. */
    until: isoTime,
  })
  .strict();
export type PublicSlugRedirect = z.infer<typeof publicSlugRedirect>;

/** A published blog: the Markdown source (rendered and sanitised by the page), its pictures as URLs by slot. */
export const publicBlog = z
  .object({
    id: z.string().min(1).max(160),
    userId: uid,
    ownerKind: z.enum(['therapist', 'store']),
    title: z.string().min(1).max(100),
    body: z.string().max(20000),
    /**
     * Its cards' teaser: the body's plain text cut to 80 characters
     * (plainExcerpt, src/lib/markdown/excerpt.ts). Worked out once by the
     * export, where the body changes, rather than by every build's workers.
     */
    teaser: z.string().max(400),
    /** Picture URL by slot ("0".."9"), for the body's image:N references. */
    images: z.record(z.string().regex(/^[0-9]$/), photoURL),
    coverURL: photoURL,
    tags: tags,
    publishedAt: isoTime,
    updatedAt: isoTime,
  })
  .strict();
export type PublicBlog = z.infer<typeof publicBlog>;
/**
 * A blog as the pages' directory holds it: without its body, which only its
 * own page shows (src/data/blog-bodies.ts reads it from the export then).
 */
export type ListedBlog = Omit<PublicBlog, 'body'>;

/** A timeline post. */
export const publicPost = z
  .object({
    id: z.string().min(1).max(160),
    userId: uid,
    ownerKind: z.enum(['therapist', 'store']),
    text: z.string().min(1).max(500),
    imageURLs: z.array(photoURL).max(4),
    createdAt: isoTime,
  })
  .strict();
export type PublicPost = z.infer<typeof publicPost>;

export const exportMeta = z
  .object({
    exportedAt: isoTime,
    source: z.string(),
    counts: z.record(z.string(), z.number().int().nonnegative()),
  })
  .strict();
export type ExportMeta = z.infer<typeof exportMeta>;

/** The export's own file, beside the collections' (src/registry/public-collections.ts names theirs). */
export const EXPORT_META_FILE = 'meta.json';
