/**
 * Which pictures a seeded diary or store shows, and where its body names
 * them. Documents keep Storage slots, never URLs
 * (docs/decisions/pictures-are-storage-paths.md): a diary lists its
 * `images` and `cover`, its body names some as `![説明](image:N)`, and each
 * slot's file is blogs/{uid}/{id}/{slot}.webp; a store's `photo` is
 * avatars/{uid}/0.webp. The document carries the files it names (SeedFile)
 * so the seed can upload them beside it.
 */
import { nextAvatarPath } from '../../../src/lib/avatar/photo-path';
import { imageReference } from '../../../src/lib/blogs/body-images';
import { contentImagePath } from '../../../src/lib/photo-url';
import type { SeededRandom } from '../random';
import { MOTIFS, seasonOfMonth, type MotifName, type PictureRef } from './motifs';

/** A Storage object a seeded document names, and the picture to put there. */
export interface SeedFile {
  path: string;
  picture: PictureRef;
}

/** What a diary is about (scripts/seed/blogs.ts's themes, and the store's own news). */
export type DiaryTheme = 'shift' | 'daily' | 'course' | 'thanks' | 'season' | 'store';

/** Motifs that suit each theme, at least four each (a diary shows up to four, all different). */
const POOLS: Record<DiaryTheme, readonly MotifName[]> = {
  shift: ['room', 'night', 'candles', 'aroma', 'towels', 'tea', 'flowers', 'plant'],
  course: ['aroma', 'towels', 'stones', 'candles', 'room'],
  thanks: ['flowers', 'tea', 'cafe', 'candles', 'sky'],
  season: ['season', 'sky', 'flowers', 'cafe', 'tea'],
  daily: ['cafe', 'tea', 'plant', 'sky', 'night', 'flowers', 'season'],
  store: ['room', 'aroma', 'towels', 'candles', 'stones', 'reception'],
};

/** Share of diaries with pictures. */
export const DIARY_PICTURE_SHARE = 2 / 3;
/** How many pictures a diary with pictures has: mostly one or two. */
const PICTURE_COUNTS = [1, 1, 1, 1, 1, 2, 2, 2, 3, 4] as const;

export interface DiaryPictures {
  images: number[];
  cover: number;
  body: string;
  files: SeedFile[];
}

export interface DiaryToPicture {
  uid: string;
  id: string;
  body: string;
  theme: DiaryTheme;
  /** Month of the diary (0 = January): the season motif follows it. */
  month: number;
}

/**
 * The pictures of one diary, from its own random stream: none for about a
 * third (`share`), else 1–4 slots (now and then with a gap, as when she
 * removed one), a cover among them, and the others named in the body
 * between its paragraphs.
 */
export function diaryPictures(random: SeededRandom, diary: DiaryToPicture, share = DIARY_PICTURE_SHARE): DiaryPictures | null {
  if (!random.chance(share)) return null;
  const count = random.pick(PICTURE_COUNTS);
  const images = random.chance(0.15)
    ? random
        .sample(
          Array.from({ length: count + 1 }, (_, slot) => slot),
          count,
        )
        .sort((a, b) => a - b)
    : Array.from({ length: count }, (_, slot) => slot);
  const cover = random.chance(0.8) ? images[0]! : random.pick(images);
  const motifs = random.sample(POOLS[diary.theme], count);
  const pictures = images.map((slot, i): { slot: number; picture: PictureRef } => {
    const motif = motifs[i]!;
    const variant = motif === 'season' ? seasonOfMonth(diary.month) : random.int(0, MOTIFS[motif].variants.length - 1);
    return { slot, picture: { motif, variant, use: 'blog' } };
  });
  const named = pictures.filter(({ slot }) => slot !== cover);
  return {
    images,
    cover,
    body: withReferences(
      diary.body,
      named.map(({ slot, picture }) => imageReference(slot, MOTIFS[picture.motif].variants[picture.variant]!.alt)),
    ),
    files: pictures.map(({ slot, picture }) => ({ path: contentImagePath('blogs', diary.uid, diary.id, slot), picture })),
  };
}

/** The body with each reference as a paragraph of its own, spread between its paragraphs (never before the first). */
export function withReferences(body: string, references: readonly string[]): string {
  if (references.length === 0) return body;
  const paragraphs = body.split('\n\n');
  const gaps = Math.max(1, paragraphs.length - 1);
  // From the last to the first, so earlier positions stay where they were.
  for (let i = references.length - 1; i >= 0; i--) {
    const at = Math.min(paragraphs.length, 1 + Math.floor((i * gaps) / references.length));
    paragraphs.splice(at, 0, references[i]!);
  }
  return paragraphs.join('\n\n');
}

/** Store photos: mostly the shop front, else the reception or a treatment room. */
const STORE_MOTIFS: readonly MotifName[] = ['storefront', 'storefront', 'reception', 'room'];

/** A store's photo (avatars/{uid}/0.webp, the first of its two avatar names) and the file for it. */
export function storePhoto(random: SeededRandom, uid: string): { photo: string; file: SeedFile } {
  const motif = random.pick(STORE_MOTIFS);
  const photo = nextAvatarPath(uid, '', 'image/webp');
  return { photo, file: { path: photo, picture: { motif, variant: random.int(0, MOTIFS[motif].variants.length - 1), use: 'store' } } };
}
