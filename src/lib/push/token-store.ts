/**
 * Where push tokens are kept: users/{uid}/fcmTokens/{token}. The interface
 * lets the opt-in logic be tested without Firestore; the implementation
 * below is the firestore/lite one the browser uses, shaped to what the
 * rules allow the owner: create with exactly {token, createdAt,
 * refreshedAt} (both request.time), update of refreshedAt only, delete.
 */
import {
  deleteDoc,
  doc,
  getDoc,
  serverTimestamp,
  setDoc,
  updateDoc,
  type Firestore,
} from 'firebase/firestore/lite';

export interface StoredToken {
  /** When the token was last confirmed; null when the field is unreadable. */
  refreshedAt: Date | null;
}

export interface TokenStore {
  read(uid: string, token: string): Promise<StoredToken | null>;
  create(uid: string, token: string): Promise<void>;
  /** Marks the token as confirmed now (refreshedAt = server time). */
  touch(uid: string, token: string): Promise<void>;
  remove(uid: string, token: string): Promise<void>;
}

export function firestoreTokenStore(db: Firestore): TokenStore {
  const ref = (uid: string, token: string) => doc(db, 'users', uid, 'fcmTokens', token);
  return {
    async read(uid, token) {
      const snapshot = await getDoc(ref(uid, token));
      if (!snapshot.exists()) return null;
      const refreshedAt: unknown = snapshot.get('refreshedAt');
      const date = typeof (refreshedAt as { toDate?: unknown } | null)?.toDate === 'function'
        ? (refreshedAt as { toDate(): Date }).toDate()
        : null;
      return { refreshedAt: date };
    },
    async create(uid, token) {
      await setDoc(ref(uid, token), { token, createdAt: serverTimestamp(), refreshedAt: serverTimestamp() });
    },
    async touch(uid, token) {
      await updateDoc(ref(uid, token), { refreshedAt: serverTimestamp() });
    },
    async remove(uid, token) {
      await deleteDoc(ref(uid, token));
    },
  };
}
