/**
 * Saves the profile editor's values in one transaction: when the slug
 * changed, slugs/{new} is read (taken by someone else → SlugTakenError),
 * reserved, and slugs/{old} released; then the profile gets exactly the
 * editable keys and updatedAt = server time (userId, createdAt and
 * photoURL untouched). firestore.rules check the same shape.
 */
import { doc, getDoc, runTransaction, serverTimestamp } from 'firebase/firestore/lite';
import { SlugTakenError } from '../auth/register-account';
import { clientDb } from '../firebase/db';
import { profileCollection, type ProfileKind } from './kinds';
import type { StoreValues, TherapistValues } from './profile-form';
import { planSlugChange, type SlugOwner } from './slug-plan';

export { SlugTakenError };

/** The message shown at the slug field when someone else holds the slug. */
export const SLUG_TAKEN_MESSAGE = 'このURLはすでに使われています。別の文字列にしてください。';

export class ProfileMissingError extends Error {
  readonly code = 'not-found';
  constructor() {
    super('profile document missing');
  }
}

const owner = (data: Record<string, unknown> | undefined): SlugOwner | null =>
  data && typeof data.userId === 'string' ? { userId: data.userId, kind: String(data.kind ?? '') } : null;

export async function saveProfile(uid: string, kind: ProfileKind, values: TherapistValues | StoreValues): Promise<void> {
  const db = clientDb();
  const profileRef = doc(db, profileCollection(kind), uid);
  await runTransaction(db, async (transaction) => {
    const profile = await transaction.get(profileRef);
    if (!profile.exists()) throw new ProfileMissingError();
    const current = String(profile.data().profileSlug ?? '');
    const next = values.profileSlug;
    let nextOwner: SlugOwner | null = null;
    let currentOwner: SlugOwner | null = null;
    if (next !== current) {
      const [nextSlug, currentSlug] = await Promise.all([
        transaction.get(doc(db, 'slugs', next)),
        current ? transaction.get(doc(db, 'slugs', current)) : Promise.resolve(null),
      ]);
      nextOwner = owner(nextSlug.data());
      currentOwner = owner(currentSlug?.data());
    }
    const plan = planSlugChange({ uid, kind, current, next, nextOwner, currentOwner });
    if (plan.taken) throw new SlugTakenError();
    if (plan.reserve) transaction.set(doc(db, 'slugs', plan.reserve.slug), { userId: plan.reserve.userId, kind: plan.reserve.kind });
    if (plan.release) transaction.delete(doc(db, 'slugs', plan.release));
    transaction.update(profileRef, { ...values, updatedAt: serverTimestamp() });
  });
}

/** The uid holding slugs/{slug}, or null when nobody does (a read anyone may make). */
export async function slugHolder(slug: string): Promise<string | null> {
  const snapshot = await getDoc(doc(clientDb(), 'slugs', slug));
  return owner(snapshot.data())?.userId ?? null;
}
