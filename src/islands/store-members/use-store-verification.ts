/**
 * Whether the operator has verified this store (storeVerifications/{uid}),
 * read once when the member screen opens: only a verified store's
 * confirmations raise a former handle to 店舗確認済み, so an unverified one
 * is told so instead of being offered the button.
 */
import { useEffect, useState } from 'react';
import { readStoreVerified } from '../../lib/membership/member-handles';

/** 'unknown': the read failed; the button is offered and the rules decide. */
export type StoreVerification = 'loading' | 'verified' | 'unverified' | 'unknown';

export function useStoreVerification(storeUid: string): StoreVerification {
  const [state, setState] = useState<StoreVerification>('loading');
  useEffect(() => {
    let live = true;
    readStoreVerified(storeUid).then(
      (verified) => live && setState(verified ? 'verified' : 'unverified'),
      () => live && setState('unknown'),
    );
    return () => {
      live = false;
    };
  }, [storeUid]);
  return state;
}
