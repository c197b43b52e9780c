/**
 * A store asks the operator to verify it (storeVerificationRequests/{its
 * uid} = {note, requestedAt}, src/schema/moderation.ts): until then its
 * confirmations of its members' former handles show as 本人申告. It reads
 * and rewrites its own request; the rules accept it only while the store
 * is published, its email verified and it is not yet verified.
 */
import { doc, getDoc, serverTimestamp, setDoc, Timestamp } from 'firebase/firestore/lite';
import { clientDb } from '../firebase/db';

export interface VerificationRequest {
  note: string;
  /** When it asked (null until the server's time is known). */
  requestedAt: Date | null;
}

const requestRef = (storeUid: string) => doc(clientDb(), 'storeVerificationRequests', storeUid);

/** Its open request, or null when it has not asked (or the operator has answered it). */
export async function readVerificationRequest(storeUid: string): Promise<VerificationRequest | null> {
  const data = (await getDoc(requestRef(storeUid))).data();
  if (!data) return null;
  return { note: String(data.note ?? ''), requestedAt: data.requestedAt instanceof Timestamp ? data.requestedAt.toDate() : null };
}

/** Asks (or asks again, with a new note): the request's time is the server's. */
export async function requestStoreVerification(storeUid: string, note: string): Promise<void> {
  await setDoc(requestRef(storeUid), { note, requestedAt: serverTimestamp() });
}
