/**
 * A local hint that this browser has a signed-in account, so public pages
 * load the account island (React + Firebase) only for people who can use
 * it. It also caches the account type, which never changes after
 * registration, so a page view spends no Firestore reads on it.
 * Never a credential: Firebase Auth keeps the session itself.
 */
export type AccountType = 'store' | 'therapist' | 'none';

export interface AccountHint {
  uid: string;
  accountType: AccountType;
  /**
   * Whether the type was established (registration, or both reads answered).
   * An unsettled 'none' means the reads failed (offline): asked again next time.
   */
  settled: boolean;
}

export const ACCOUNT_HINT_KEY = 'theralink:account';
/** Fired on window when a hint is written, so the page mounts the account nav. */
export const ACCOUNT_HINT_EVENT = 'theralink:account';

export function readAccountHint(): AccountHint | null {
  try {
    const value = JSON.parse(localStorage.getItem(ACCOUNT_HINT_KEY) ?? 'null') as Partial<AccountHint> | null;
    if (typeof value?.uid !== 'string') return null;
    const accountType = value.accountType === 'store' || value.accountType === 'therapist' ? value.accountType : 'none';
    return { uid: value.uid, accountType, settled: accountType !== 'none' || value.settled === true };
  } catch {
    return null;
  }
}

export function writeAccountHint(hint: AccountHint): void {
  try {
    localStorage.setItem(ACCOUNT_HINT_KEY, JSON.stringify(hint));
    document.documentElement.dataset.account = 'signed-in';
    window.dispatchEvent(new Event(ACCOUNT_HINT_EVENT));
  } catch {
    // Private mode without storage: the nav simply loads on island pages only.
  }
}

export function clearAccountHint(): void {
  try {
    localStorage.removeItem(ACCOUNT_HINT_KEY);
  } catch {
    // Nothing stored, nothing to clear.
  }
  delete document.documentElement.dataset.account;
}
