/**
 * Where push tokens are kept: users/{uid}/fcmTokens/{slot}, slot 0..4
 * (MAX_PUSH_TOKENS browsers), each {token, createdAt, refreshedAt}. The
 * interface lets the opt-in logic be tested without Firestore; the
 * implementation below is the firestore/lite one the browser uses, shaped
 * to what the rules allow the owner: list her own ≤ 5 docs, set a slot to
 * exactly {token, createdAt, refreshedAt} (all request.time), update
 * refreshedAt only, delete.
 */
import { collection, deleteDoc, doc, getDocs, serverTimestamp, setDoc, updateDoc, type Firestore } from 'firebase/firestore/lite';
import { MAX_PUSH_TOKENS } from '../caps';

export interface StoredToken {
  slot: number;
  token: string;
  /** When the token was last confirmed; null when the field is unreadable. */
  refreshedAt: Date | null;
}

export interface TokenStore {
  /** Her stored tokens (slot docs only). */
  list(uid: string): Promise<StoredToken[]>;
  /** Puts `token` in `slot` as a new record (token, createdAt and refreshedAt = server time). */
  write(uid: string, slot: number, token: string): Promise<void>;
  /** Marks the slot's token as confirmed now (refreshedAt = server time). */
  touch(uid: string, slot: number): Promise<void>;
  remove(uid: string, slot: number): Promise<void>;
}

/** The slot a token doc id names, or null (an id from before slots). */
export function tokenSlotOf(id: string): number | null {
  const slot = /^\d$/.test(id) ? Number(id) : NaN;
  return slot < MAX_PUSH_TOKENS ? slot : null;
}

const dateOf = (value: unknown): Date | null =>
  typeof (value as { toDate?: unknown } | null)?.toDate === 'function' ? (value as { toDate(): Date }).toDate() : null;

export function firestoreTokenStore(db: Firestore): TokenStore {
  const ref = (uid: string, slot: number) => doc(db, 'users', uid, 'fcmTokens', String(slot));
  return {
    async list(uid) {
      const snapshot = await getDocs(collection(db, 'users', uid, 'fcmTokens'));
      return snapshot.docs.flatMap((item) => {
        const slot = tokenSlotOf(item.id);
        const token: unknown = item.get('token');
        return slot === null || typeof token !== 'string' ? [] : [{ slot, token, refreshedAt: dateOf(item.get('refreshedAt')) }];
      });
    },
    async write(uid, slot, token) {
      await setDoc(ref(uid, slot), { token, createdAt: serverTimestamp(), refreshedAt: serverTimestamp() });
    },
    async touch(uid, slot) {
      await updateDoc(ref(uid, slot), { refreshedAt: serverTimestamp() });
    },
    async remove(uid, slot) {
      await deleteDoc(ref(uid, slot));
    },
  };
}
