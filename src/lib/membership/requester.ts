/**
 * Who asks a store to join, as the store sees her before answering
 * (docs/decisions/membership-requests.md): what her profile holds (the
 * rules open accounts/{uid} to the store her request names, published or
 * not), read into plain fields.
 */
import { firebaseConfig, emulatorOrigins, usesEmulators } from '../firebase/config';
import { illustrationPath } from '../illustration';
import { photoURL } from '../photo-url';

export interface Requester {
  displayName: string;
  published: boolean;
  /** Her public page's slug ('' when she has none). */
  profileSlug: string;
  area: string;
  /** Her current X handle, stored form ('' for none). */
  currentHandle: string;
  /** Her picture's URL ('' for none: then her drawn face, as on her page). */
  photoURL: string;
  illustration: string;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Where this page's pictures are served from: the project's bucket, or the Storage emulator in the demo. */
const PHOTO_BASE = {
  bucket: firebaseConfig.storageBucket,
  emulatorHost: usesEmulators ? `${emulatorOrigins.storage.host}:${emulatorOrigins.storage.port}` : null,
};

/** Her identity from her accounts document's data (odd fields read as empty). */
export function requesterFrom(uid: string, profile: Record<string, unknown>): Requester {
  const channels = (profile.channels ?? {}) as Record<string, unknown>;
  return {
    displayName: text(profile.displayName),
    published: profile.published === true,
    profileSlug: text(profile.profileSlug),
    area: text(profile.area),
    currentHandle: text(channels.x),
    photoURL: photoURL(text(profile.photo), uid, PHOTO_BASE),
    illustration: illustrationPath(uid),
  };
}
