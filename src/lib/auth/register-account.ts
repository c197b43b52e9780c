/**
 * Creates an account all or nothing: the Auth user, then in one Firestore
 * transaction the slug reservation, the profile (accounts/ or stores/) and
 * users/{uid}; a fan (推し活用) gets users/{uid} alone (no public profile,
 * nothing exported: docs/decisions/fan-accounts.md). If the transaction fails the Auth user is deleted again, so
 * a failed registration leaves nothing behind and the email stays free.
 * firestore.rules checks the same shape (slug ↔ profile, one type per uid):
 * slugs/{slug} = {userId, kind, releasedAt: null}; the profile starts with
 * photo '' (a Storage path once she picks one). A therapist asks no store
 * yet: she has no storeRequests/{uid} until she picks one in her editor.
 */
import { createUserWithEmailAndPassword, deleteUser, sendEmailVerification, updateProfile, type User } from 'firebase/auth';
import { doc, runTransaction, serverTimestamp, setDoc } from 'firebase/firestore/lite';
import { clientAuth } from '../firebase/app';
import { clientDb } from '../firebase/db';
import { profileCollection } from '../profile/kinds';
import { checkSlug, SlugTakenError } from '../profile/save-profile';
import { slugHolderFrom, slugState } from '../profile/slug-plan';
import { recordAccountType, syncCurrentUser } from './auth-store';
import { hasPublicProfile, type Registration } from './registration';
import { FAN_HOME_PATH } from './next-path';

export { SlugTakenError };

function profileDocument(uid: string, input: Registration & { kind: 'therapist' | 'store' }) {
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

/** The slug, the profile and users/{uid} in one transaction (a therapist or a store). */
async function writeProfile(uid: string, input: Registration & { kind: 'therapist' | 'store' }): Promise<void> {
  const db = clientDb();
  await runTransaction(db, async (transaction) => {
    const slugRef = doc(db, 'slugs', input.slug);
    const holder = slugHolderFrom((await transaction.get(slugRef)).data());
    if (slugState(holder, uid, new Date()) !== 'free') throw new SlugTakenError();
    transaction.set(slugRef, { userId: uid, kind: input.kind, releasedAt: null });
    transaction.set(doc(db, profileCollection(input.kind), uid), profileDocument(uid, input));
    transaction.set(doc(db, 'users', uid), { createdAt: serverTimestamp() });
  });
}

/** The verification email; its continue link opens the fan's 推し list (a refused URL falls back to none). */
async function sendVerification(user: User, kind: Registration['kind']): Promise<boolean> {
  if (kind === 'fan') {
    const url = new URL(FAN_HOME_PATH, location.origin).href;
    if (
      await sendEmailVerification(user, { url }).then(
        () => true,
        () => false,
      )
    )
      return true;
  }
  return sendEmailVerification(user).then(
    () => true,
    () => false,
  );
}

export async function registerAccount(input: Registration): Promise<RegistrationResult> {
  // Checked first so a taken slug does not create (and then delete) an Auth user.
  if (hasPublicProfile(input.kind) && !(await isSlugFree(input.slug))) throw new SlugTakenError();
  const { user } = await createUserWithEmailAndPassword(clientAuth(), input.email, input.password);
  try {
    if (hasPublicProfile(input.kind)) {
      await updateProfile(user, { displayName: input.name });
      await writeProfile(user.uid, { ...input, kind: input.kind });
    } else {
      await setDoc(doc(clientDb(), 'users', user.uid), { createdAt: serverTimestamp() });
    }
  } catch (error) {
    await deleteUser(user).catch(() => undefined);
    throw error;
  }
  recordAccountType(user.uid, hasPublicProfile(input.kind) ? input.kind : 'none');
  syncCurrentUser();
  // The account exists either way; a failed send is offered again on the profile page (a fan's: /favorites).
  const verificationSent = await sendVerification(user, input.kind);
  return { uid: user.uid, verificationSent };
}
