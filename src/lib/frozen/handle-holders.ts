/**
 * Who holds an X handle, as her former handle (frozenAccounts/x_{h}) or as
 * her current one (currentHandles/x_{h}). A document another account keeps
 * private (its owner is unpublished) cannot be read: that counts as held by
 * someone else, since a create over it would be refused anyway.
 */
import { doc, getDoc } from 'firebase/firestore/lite';
import { clientDb } from '../firebase/db';
import { errorCode } from '../firebase/error-code';
import { frozenAccountId } from './entry';

/** 'hidden': the doc may not be read (another owner's, unpublished): someone else's, for all a client knows. */
export type HandleHolder = 'none' | 'mine' | 'other' | 'hidden';
/** Which claim on a handle is meant: a former handle or a current one (disputes name it). */
export type HandleKind = 'former' | 'current';

const COLLECTIONS: Record<HandleKind, string> = { former: 'frozenAccounts', current: 'currentHandles' };

/** 'none', 'mine', 'other', or 'hidden' for a document this user may not read. */
export async function handleHolder(kind: HandleKind, handle: string, uid: string): Promise<HandleHolder> {
  try {
    const snapshot = await getDoc(doc(clientDb(), COLLECTIONS[kind], frozenAccountId('x', handle)));
    if (!snapshot.exists()) return 'none';
    return snapshot.data().userId === uid ? 'mine' : 'other';
  } catch (error) {
    if (errorCode(error) === 'permission-denied') return 'hidden';
    throw error;
  }
}

/**
 * The claim of someone else that stands in the way of `uid` using the
 * handle, or null: her current handle first (it is public), then a former one.
 */
export async function otherClaimOn(handle: string, uid: string): Promise<HandleKind | null> {
  const [current, former] = await Promise.all([handleHolder('current', handle, uid), handleHolder('former', handle, uid)]);
  if (current === 'other' || current === 'hidden') return 'current';
  if (former === 'other' || former === 'hidden') return 'former';
  return null;
}
