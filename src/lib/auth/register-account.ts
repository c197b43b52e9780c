/**
 * Creates an account all or nothing: the Auth user, then in one Firestore
 * transaction the slug reservation, the profile (accounts/ or stores/) and
 * users/{uid}. If the transaction fails the Auth user is deleted again, so
 * a failed registration leaves nothing behind and the email stays free.
 * firestore.rules checks the same shape (slug ↔ profile, one type per uid):
 * slugs/{slug} = {userId, kind, releasedAt: null}; the profile starts with
 * photo '' (a Storage path once she picks one). A therapist asks no store
 * yet: she has no storeRequests/{uid} until she picks one in her editor.
 */
import { createUserWithEmailAndPassword, deleteUser, sendEmailVerification, updateProfile } from 'firebase/auth';
import { doc, runTransaction, serverTimestamp } from 'firebase/firestore/lite';
import { clientAuth } from '../firebase/app';
import { clientDb } from '../firebase/db';
import { profileCollection } from '../profile/kinds';
import { checkSlug, SlugTakenError } from '../profile/save-profile';
import { slugHolderFrom, slugState } from '../profile/slug-plan';
import { recordAccountType, syncCurrentUser } from './auth-store';
import type { Registration } from './registration';

export { SlugTakenError };

function profileDocument(uid: string, input: Registration) {
  const common = {
    userId: uid,
    profileSlug: input.slug,
    photo: '',
    area: input.area,
    channels: {},
    published: false,
    createdAt: serverTimestamp(),
    updatedAt: serverTimestamp(),
  };
  if (input.kind === 'store') {
    return {
      ...common,
      displayName: '',
      storeName: input.name,
      description: '',
      address: '',
      nearestStation: '',
      hours: '',
      website: '',
    };
  }
  return { ...common, displayName: input.name, bio: '', tags: [] };
}

/** True when nobody holds the slug, nor released it within the hold period (a read anyone may make). */
export async function isSlugFree(slug: string): Promise<boolean> {
  return (await checkSlug(slug, '')) === 'free';
}

export interface RegistrationResult {
  uid: string;
  verificationSent: boolean;
}

export async function registerAccount(input: Registration): Promise<RegistrationResult> {
  // Checked first so a taken slug does not create (and then delete) an Auth user.
  if (!(await isSlugFree(input.slug))) throw new SlugTakenError();
  const db = clientDb();
  const { user } = await createUserWithEmailAndPassword(clientAuth(), input.email, input.password);
  try {
    await updateProfile(user, { displayName: input.name });
    await runTransaction(db, async (transaction) => {
      const slugRef = doc(db, 'slugs', input.slug);
      const holder = slugHolderFrom((await transaction.get(slugRef)).data());
      if (slugState(holder, user.uid, new Date()) !== 'free') throw new SlugTakenError();
      transaction.set(slugRef, { userId: user.uid, kind: input.kind, releasedAt: null });
      transaction.set(doc(db, profileCollection(input.kind), user.uid), profileDocument(user.uid, input));
      transaction.set(doc(db, 'users', user.uid), { createdAt: serverTimestamp() });
    });
  } catch (error) {
    await deleteUser(user).catch(() => undefined);
    throw error;
  }
  recordAccountType(user.uid, input.kind);
  syncCurrentUser();
  // The account exists either way; a failed send is offered again on the profile page.
  const verificationSent = await sendEmailVerification(user).then(
    () => true,
    () => false,
  );
  return { uid: user.uid, verificationSent };
}
