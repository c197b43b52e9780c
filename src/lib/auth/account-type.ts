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
  // Both in one REST request (loaded on demand): no page needs the Firestore SDK to know who is signed in.
  const { getDocuments } = await import('../firebase/rest');
  const [store, account] = await getDocuments([`stores/${uid}`, `accounts/${uid}`]);
  if (store) return 'store';
  if (account) return 'therapist';
  return 'none';
}

/** Where the avatar menu's プロフィール goes for each account type. */
export function profileEditorPath(accountType: AccountType | null): string {
  return accountType === 'store' ? '/store-profile' : '/profile';
}
