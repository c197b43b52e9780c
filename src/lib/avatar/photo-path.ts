/**
 * Where a profile picture is stored. The profile keeps the Storage path
 * itself (accounts.photo / stores.photo), never a URL: '' or
 * avatars/{uid}/{0|1}.{webp|jpg|png}, two alternating names, so a user
 * holds at most two avatar files and a new picture never overwrites the
 * one the profile shows while it uploads. The schemas (src/schema/common.ts)
 * and the export (src/lib/photo-url.ts) use these. Pure.
 */
import { avatarExtension, type AvatarType } from './limits';

/** The uid segment allows - and _ too: Auth's own uids are alphanumeric, custom and demo ones may not be. */
export const AVATAR_PATH_PATTERN = /^avatars\/[A-Za-z0-9_-]{1,128}\/[01]\.(webp|jpg|png)$/;

/** `photo` when it is one of the user's own avatar paths, else null (nothing of hers to delete). */
export function ownAvatarPath(photo: string, uid: string): string | null {
  if (!uid || !AVATAR_PATH_PATTERN.test(photo)) return null;
  return photo.startsWith(`avatars/${uid}/`) ? photo : null;
}

/** The slot (0 or 1) an avatar path uses, or null. */
export function avatarSlot(photo: string): 0 | 1 | null {
  if (!AVATAR_PATH_PATTERN.test(photo)) return null;
  return photo.split('/')[2]!.startsWith('1') ? 1 : 0;
}

/** Where the next avatar goes: the slot the current picture does not use (0 when there is none). */
export function nextAvatarPath(uid: string, currentPhoto: string, type: AvatarType): string {
  const slot = avatarSlot(ownAvatarPath(currentPhoto, uid) ?? '') === 0 ? 1 : 0;
  return `avatars/${uid}/${slot}.${avatarExtension(type)}`;
}
