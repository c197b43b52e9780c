/**
 * The account type, derived as SPEC says: store when stores/{uid} exists,
 * else therapist when accounts/{uid} exists, else none. Two reads, so it
 * is worked out once per browser and account and then taken from the
 * account hint (a fan's 'none' too: a type never changes after
 * registration). Rejects when a read fails, so "unknown" is never taken
 * for 'none'.
 */
import type { AccountType } from './account-hint';

export async function deriveAccountType(uid: string): Promise<AccountType> {
  // Loaded on demand: a page view with the type cached needs no Firestore SDK at all.
  const [{ doc, getDoc }, { clientDb }] = await Promise.all([import('firebase/firestore/lite'), import('../firebase/db')]);
  const db = clientDb();
  const [store, account] = await Promise.all([getDoc(doc(db, 'stores', uid)), getDoc(doc(db, 'accounts', uid))]);
  if (store.exists()) return 'store';
  if (account.exists()) return 'therapist';
  return 'none';
}

/** Where the avatar menu's プロフィール goes for each account type. */
export function profileEditorPath(accountType: AccountType | null): string {
  return accountType === 'store' ? '/store-profile' : '/profile';
}
