/**
 * A store confirms its confirmed members' former handles: it lists them
 * (frozenAccounts where userId == member; refused while she is
 * unpublished) and raises a self-declared one to 'store', naming itself in
 * confirmedBy, the only change the rules allow it, and only once the
 * operator has verified the store (storeVerifications/{its uid}, which the
 * store may read).
 */
import { collection, doc, getDoc, getDocs, query, serverTimestamp, updateDoc, where } from 'firebase/firestore/lite';
import { clientDb } from '../firebase/db';
import { errorCode } from '../firebase/error-code';
import type { VerificationLevel } from '../../schema/frozen-accounts';

export interface MemberHandle {
  id: string;
  handle: string;
  verification: VerificationLevel;
}

const LEVELS: readonly string[] = ['self', 'store', 'operator'];

/** Her former handles by handle, or 'unavailable' when the store may not list them (she is not public). */
export async function listMemberHandles(memberUid: string): Promise<MemberHandle[] | 'unavailable'> {
  try {
    const snapshot = await getDocs(query(collection(clientDb(), 'frozenAccounts'), where('userId', '==', memberUid)));
    return snapshot.docs
      .map((item) => {
        const data = item.data();
        const verification = LEVELS.includes(String(data.verification)) ? (data.verification as VerificationLevel) : 'self';
        return { id: item.id, handle: String(data.handle ?? ''), verification };
      })
      .sort((a, b) => (a.handle < b.handle ? -1 : a.handle > b.handle ? 1 : 0));
  } catch (error) {
    if (errorCode(error) === 'permission-denied') return 'unavailable';
    throw error;
  }
}

/** Whether the operator has verified this store, so that its confirmations count (one read of its own record). */
export async function readStoreVerified(storeUid: string): Promise<boolean> {
  return (await getDoc(doc(clientDb(), 'storeVerifications', storeUid))).exists();
}

/** 本人と確認した: the store vouches for the handle (verification 'self' → 'store', confirmedBy = the store). */
export async function confirmMemberHandle(handleId: string, storeUid: string): Promise<void> {
  await updateDoc(doc(clientDb(), 'frozenAccounts', handleId), {
    verification: 'store',
    confirmedBy: storeUid,
    updatedAt: serverTimestamp(),
  });
}
