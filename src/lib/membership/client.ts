/**
 * Store membership in Firestore (lite SDK). The therapist reads the
 * store's answer to her (memberships/{storeId}_{uid}) and may leave; the
 * store lists who asked to join (accounts where storeId == store) with its
 * answers (memberships where storeId == store) and writes an answer:
 * {storeId, userId, status, requestedAt: her storeRequestedAt, updatedAt}.
 */
import { collection, doc, getDoc, getDocs, query, serverTimestamp, setDoc, updateDoc, where } from 'firebase/firestore/lite';
import { clientDb } from '../firebase/db';
import { errorCode } from '../firebase/error-code';
import {
  answerFrom,
  asInstant,
  membershipDocId,
  membershipState,
  type Instant,
  type MembershipAnswer,
  type MembershipState,
  type MembershipStatus,
} from './state';

/** The store's answer to her, or null when there is none (or it may not be read). */
export async function readMembership(storeId: string, uid: string): Promise<MembershipAnswer | null> {
  try {
    return answerFrom((await getDoc(doc(clientDb(), 'memberships', membershipDocId(storeId, uid)))).data());
  } catch (error) {
    if (errorCode(error) === 'permission-denied') return null;
    throw error;
  }
}

/** She leaves her store (or withdraws her request): storeId and storeRequestedAt cleared. */
export async function leaveStore(uid: string): Promise<void> {
  await updateDoc(doc(clientDb(), 'accounts', uid), { storeId: null, storeRequestedAt: null, updatedAt: serverTimestamp() });
}

/** A therapist who names the store as hers, with where her request stands. */
export interface StoreMember {
  id: string;
  displayName: string;
  published: boolean;
  /** Her storeRequestedAt, written back unchanged with the store's answer. */
  requestedAt: Instant | null;
  state: MembershipState;
}

/** Everyone who names `storeUid` (published or not), with the state of her request, by name. */
export async function listStoreMembers(storeUid: string): Promise<StoreMember[]> {
  const db = clientDb();
  const [accounts, answers] = await Promise.all([
    getDocs(query(collection(db, 'accounts'), where('storeId', '==', storeUid))),
    getDocs(query(collection(db, 'memberships'), where('storeId', '==', storeUid))),
  ]);
  const answerOf = new Map(answers.docs.map((answer) => [String(answer.data().userId ?? ''), answerFrom(answer.data())]));
  return accounts.docs
    .map((account): StoreMember => {
      const data = account.data();
      const requestedAt = asInstant(data.storeRequestedAt);
      return {
        id: account.id,
        displayName: typeof data.displayName === 'string' ? data.displayName : '',
        published: data.published === true,
        requestedAt,
        state: membershipState(storeUid, requestedAt, answerOf.get(account.id) ?? null),
      };
    })
    .sort((a, b) => a.displayName.localeCompare(b.displayName, 'ja'));
}

/** The store's answer to her current request (confirm, decline, or remove a member). */
export async function answerMembership(
  storeUid: string,
  member: Pick<StoreMember, 'id' | 'requestedAt'>,
  status: MembershipStatus,
): Promise<void> {
  if (!member.requestedAt) throw new RangeError('storeRequestedAt is missing: the request cannot be answered');
  await setDoc(doc(clientDb(), 'memberships', membershipDocId(storeUid, member.id)), {
    storeId: storeUid,
    userId: member.id,
    status,
    requestedAt: member.requestedAt,
    updatedAt: serverTimestamp(),
  });
}
