/**
 * What an avatar may be (docs/decisions/pictures-are-storage-paths.md): the picked file is an
 * image of at most 10 MB; what is uploaded is at most 512 px on its long
 * side and at most 1 MB. Pure, so the unit tests cover it directly;
 * storage.rules enforce the same limits in production.
 */
import { fitWithin, type Size } from '../skin/size';

export { fitWithin, type Size };

const MB = 1024 * 1024;
/** The largest file a person may pick (checked before it is read). */
export const MAX_SOURCE_BYTES = 10 * MB;
/** Uploaded avatars stay under this (after the resize and encode), as storage.rules require. */
export const MAX_AVATAR_BYTES = 1 * MB;
/** Long side of the uploaded avatar, in pixels. */
export const AVATAR_MAX_SIDE = 512;

export const AVATAR_MESSAGES = {
  notImage: '画像ファイルを選んでください。',
  tooLarge: '画像が大きすぎます（10MB まで）。',
  tooManyPixels: '画像の縦横のピクセル数が大きすぎます。もっと小さい画像を選んでください。',
  unreadable: 'この画像は読み込めませんでした。JPEG・PNG・WebP などの画像を選んでください。',
  encodeTooLarge: '画像を十分に小さくできませんでした。別の画像を選んでください。',
} as const;

/** Japanese reason a picked file cannot be an avatar, or null when it may be tried (it must still decode). */
export function fileProblem(file: { type: string; size: number }): string | null {
  if (!file.type.toLowerCase().startsWith('image/')) return AVATAR_MESSAGES.notImage;
  if (file.size > MAX_SOURCE_BYTES) return AVATAR_MESSAGES.tooLarge;
  if (file.size === 0) return AVATAR_MESSAGES.unreadable;
  return null;
}

export type AvatarType = 'image/webp' | 'image/jpeg';

/** The file name extension for an encoded avatar. */
export function avatarExtension(type: AvatarType): 'webp' | 'jpg' {
  return type === 'image/webp' ? 'webp' : 'jpg';
}
