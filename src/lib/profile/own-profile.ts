/** The signed-in owner's own profile document (accounts/ or stores/), published or not. */
import { doc, getDoc, type DocumentData } from 'firebase/firestore/lite';
import { clientDb } from '../firebase/db';
import { profileCollection, type ProfileKind } from './kinds';

/** The raw document, or null when the uid has no profile of this kind. */
export async function readOwnProfileDoc(uid: string, kind: ProfileKind): Promise<DocumentData | null> {
  const snapshot = await getDoc(doc(clientDb(), profileCollection(kind), uid));
  return snapshot.exists() ? snapshot.data() : null;
}
