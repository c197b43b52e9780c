/**
 * Her disputes in Firestore (lite SDK): she may get her own
 * disputes/{uid}_{0..2} (to find a free slot and to show 申し立て済み),
 * and create one in a free slot = {userId, handleId, kind, evidence,
 * createdAt}. Only the operator reads them otherwise; they close when the
 * operator resolves them (the doc is deleted), freeing the slot.
 */
import { doc, getDoc, serverTimestamp, setDoc } from 'firebase/firestore/lite';
import { firstFreeSlot, MAX_OPEN_DISPUTES } from '../caps';
import { clientDb } from '../firebase/db';
import { ensureVerifiedToken } from '../profile/verified-token';
import { disputeDocId, DisputeLimitError, DisputeNeedsVerificationError, type DisputeKind } from './dispute';

export interface MyDispute {
  slot: number;
  handleId: string;
}

/** Her open disputes. */
export async function listMyDisputes(uid: string): Promise<MyDispute[]> {
  const slots = Array.from({ length: MAX_OPEN_DISPUTES }, (_, slot) => slot);
  const snapshots = await Promise.all(slots.map((slot) => getDoc(doc(clientDb(), 'disputes', disputeDocId(uid, slot)))));
  return snapshots.flatMap((snapshot, slot) => (snapshot.exists() ? [{ slot, handleId: String(snapshot.data().handleId ?? '') }] : []));
}

/**
 * Opens a dispute about `handleId` (x_{handle}) unless one is open already.
 * Throws DisputeNeedsVerificationError without a verified email, and
 * DisputeLimitError when all her slots are taken.
 */
export async function openDispute(uid: string, handleId: string, kind: DisputeKind, evidence: string): Promise<void> {
  if (!(await ensureVerifiedToken())) throw new DisputeNeedsVerificationError();
  const open = await listMyDisputes(uid);
  if (open.some((dispute) => dispute.handleId === handleId)) return;
  const slot = firstFreeSlot(
    open.map((dispute) => dispute.slot),
    MAX_OPEN_DISPUTES,
  );
  if (slot === null) throw new DisputeLimitError();
  await setDoc(doc(clientDb(), 'disputes', disputeDocId(uid, slot)), {
    userId: uid,
    handleId,
    kind,
    evidence: evidence.trim(),
    createdAt: serverTimestamp(),
  });
}
