/**
 * Store membership in Firestore (lite SDK). The therapist's request is
 * storeRequests/{uid} = {userId, storeId, requestedAt, updatedAt}, which
 * only she and the store it names read: she writes it with her profile
 * save (storeRequestWrite) and clears it to leave. She reads the store's
 * answer to her (memberships/{storeId}_{uid}, by a query on her own); the
 * store lists who asks it (storeRequests where storeId == store, then each
 * one's profile, which the rules open to the store her request names) with
 * its answers (memberships where storeId == store) and writes an answer:
 * {storeId, userId, status, requestedAt: her request's requestedAt, updatedAt}.
 */
import {
  collection,
  doc,
  getDoc,
  getDocs,
  limit,
  query,
  serverTimestamp,
  setDoc,
  updateDoc,
  where,
  type DocumentReference,
} from 'firebase/firestore/lite';
import { clientDb } from '../firebase/db';
import { requesterFrom, type Requester } from './requester';
import { errorCode } from '../firebase/error-code';
import {
  answerFrom,
  membershipDocId,
  membershipState,
  storeRequestFrom,
  type Instant,
  type MembershipAnswer,
  type MembershipState,
  type MembershipStatus,
  type StoreRequest,
} from './state';

/** storeRequests/{uid}: her request to join a store. */
export function storeRequestRef(uid: string): DocumentReference {
  return doc(clientDb(), 'storeRequests', uid);
}

/** Her own request (none when she never asked or has left). */
export async function readStoreRequest(uid: string): Promise<StoreRequest> {
  return storeRequestFrom((await getDoc(storeRequestRef(uid))).data());
}

/**
 * The whole request document for asking `storeId` now (the server's time),
 * or for asking none: what the rules accept when the store changes.
 */
export function storeRequestWrite(uid: string, storeId: string | null) {
  return { userId: uid, storeId, requestedAt: storeId ? serverTimestamp() : null, updatedAt: serverTimestamp() };
}

/**
 * The store's answer to her, or null when there is none: a query on her own
 * answers, which the rules let her make. A get of the answer's id is refused
 * while there is none (the rules read the document's fields), which every
 * browser logs as a failed request, on each shift she saves while she waits.
 */
export async function readMembership(storeId: string, uid: string): Promise<MembershipAnswer | null> {
  const mine = query(collection(clientDb(), 'memberships'), where('userId', '==', uid), where('storeId', '==', storeId), limit(1));
  return answerFrom((await getDocs(mine)).docs[0]?.data());
}

/** She leaves her store (or withdraws her request): her request names no store. */
export async function leaveStore(uid: string): Promise<void> {
  await updateDoc(storeRequestRef(uid), { storeId: null, requestedAt: null, updatedAt: serverTimestamp() });
}

/** A therapist who asks the store (or is its member), who she is, and where her request stands. */
export interface StoreMember extends Requester {
  id: string;
  /** Her request's requestedAt, written back unchanged with the store's answer (and shown as when she asked). */
  requestedAt: Instant | null;
  state: MembershipState;
}

/** Her profile as the store she asks sees it; null once she asks another store (the read is refused) or has none. */
async function readRequesterProfile(uid: string): Promise<Record<string, unknown> | null> {
  try {
    return (await getDoc(doc(clientDb(), 'accounts', uid))).data() ?? null;
  } catch (error) {
    if (errorCode(error) === 'permission-denied') return null;
    throw error;
  }
}

/** Everyone whose request names `storeUid` (published or not), with the state of her request, by name. */
export async function listStoreMembers(storeUid: string): Promise<StoreMember[]> {
  const db = clientDb();
  const [requests, answers] = await Promise.all([
    getDocs(query(collection(db, 'storeRequests'), where('storeId', '==', storeUid))),
    getDocs(query(collection(db, 'memberships'), where('storeId', '==', storeUid))),
  ]);
  const answerOf = new Map(answers.docs.map((answer) => [String(answer.data().userId ?? ''), answerFrom(answer.data())]));
  const members = await Promise.all(
    requests.docs.map(async (request): Promise<StoreMember | null> => {
      const { requestedAt } = storeRequestFrom(request.data());
      const profile = await readRequesterProfile(request.id);
      if (!profile) return null;
      return {
        id: request.id,
        ...requesterFrom(request.id, profile),
        requestedAt,
        state: membershipState(storeUid, requestedAt, answerOf.get(request.id) ?? null),
      };
    }),
  );
  return members.filter((member) => member !== null).sort((a, b) => a.displayName.localeCompare(b.displayName, 'ja'));
}

/**
 * The store's answer to her current request (confirm, decline, or remove a
 * member); a decline may carry a reason (trimmed; none when blank), which
 * only she and the store read.
 */
export async function answerMembership(
  storeUid: string,
  member: Pick<StoreMember, 'id' | 'requestedAt'>,
  status: MembershipStatus,
  reason = '',
): Promise<void> {
  if (!member.requestedAt) throw new RangeError('requestedAt is missing: the request cannot be answered');
  const why = status === 'declined' ? reason.trim() : '';
  await setDoc(doc(clientDb(), 'memberships', membershipDocId(storeUid, member.id)), {
    storeId: storeUid,
    userId: member.id,
    status,
    requestedAt: member.requestedAt,
    updatedAt: serverTimestamp(),
    ...(why ? { reason: why } : {}),
  });
}
