/** The signed-in owner's own profile document (accounts/ or stores/), published or not. */
import { doc, getDoc } from 'firebase/firestore/lite';
import { clientDb } from '../firebase/db';
import type { AccountType } from '../auth/account-hint';

export interface OwnProfileSummary {
  name: string;
  profileSlug: string;
  published: boolean;
}

export async function readOwnProfile(uid: string, accountType: AccountType | null): Promise<OwnProfileSummary | null> {
  if (accountType !== 'store' && accountType !== 'therapist') return null;
  const snapshot = await getDoc(doc(clientDb(), accountType === 'store' ? 'stores' : 'accounts', uid));
  if (!snapshot.exists()) return null;
  const data = snapshot.data();
  const name = accountType === 'store' ? data.displayName || data.storeName : data.displayName;
  return { name: String(name ?? ''), profileSlug: String(data.profileSlug ?? ''), published: data.published === true };
}

/** The public page of a profile (live after the next rebuild once published). */
export function publicProfilePath(accountType: AccountType | null, slug: string): string {
  return `${accountType === 'store' ? '/store-profile' : '/profile'}/${slug}`;
}
