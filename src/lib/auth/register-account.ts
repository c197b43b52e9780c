/**
 * Creates an account all or nothing: the Auth user, then in one Firestore
 * transaction the slug reservation, the profile (accounts/ or stores/) and
 * users/{uid}. If the transaction fails the Auth user is deleted again, so
 * a failed registration leaves nothing behind and the email stays free.
 * firestore.rules checks the same shape (slug ↔ profile, one type per uid).
 */
import {
  createUserWithEmailAndPassword,
  deleteUser,
  sendEmailVerification,
  updateProfile,
} from 'firebase/auth';
import { doc, getDoc, runTransaction, serverTimestamp } from 'firebase/firestore/lite';
import { clientAuth } from '../firebase/app';
import { clientDb } from '../firebase/db';
import { profileCollection } from '../profile/kinds';
import { recordAccountType, syncCurrentUser } from './auth-store';
import type { Registration } from './registration';

export class SlugTakenError extends Error {
  readonly code = 'slug-taken';
  constructor() {
    super('このプロフィール URL はすでに使われています。別の文字列にしてください。');
  }
}

function profileDocument(uid: string, input: Registration) {
  const common = {
    userId: uid,
    profileSlug: input.slug,
    photoURL: '',
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
  return { ...common, displayName: input.name, bio: '', storeId: null, tags: [] };
}

/** True when nobody holds the slug yet (a read anyone may make). */
export async function isSlugFree(slug: string): Promise<boolean> {
  return !(await getDoc(doc(clientDb(), 'slugs', slug))).exists();
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
      if ((await transaction.get(slugRef)).exists()) throw new SlugTakenError();
      transaction.set(slugRef, { userId: user.uid, kind: input.kind });
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
