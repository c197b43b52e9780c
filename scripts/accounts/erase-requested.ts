/**
 * Carries out the accounts' own requests to be erased (accountDeletions/,
 * written by /announcements#leave): at each scheduled run before the
 * export (`npm run erase-accounts`), and in the live loop (`npm start`, the
 * publisher) as a request arrives. Erasing leaves tombstones, which the
 * loop's watcher sees: the next cycle takes her pages off the site. One
 * account that fails to erase is reported and tried again next time; it
 * stops no other.
 */
import { ACCOUNT_DELETIONS_COLLECTION } from '../../src/schema/account-deletions';
import { CycleQueue } from '../lib/cycle-queue';
import { eraseAccount, type EraseDeps, type ErasedAccount } from './erase-account';

export function describeErased(erased: ErasedAccount): string {
  const documents = Object.entries(erased.deleted)
    .map(([name, count]) => `${name} ${count}`)
    .join(', ');
  return (
    `erased ${erased.uid}: ${documents || 'no documents'}; ${erased.pictures} pictures; ` +
    `${erased.fansUnfollowed} fans' 推し; ${erased.claimantsTold} claimants told; Auth user ${erased.authUser ? 'deleted' : 'already gone'}`
  );
}

/** Erases every account that asked; returns those erased. */
export async function eraseRequestedAccounts(deps: EraseDeps, log: (line: string) => void): Promise<ErasedAccount[]> {
  const requests = await deps.db.collection(ACCOUNT_DELETIONS_COLLECTION).select().get();
  const erased: ErasedAccount[] = [];
  for (const request of requests.docs) {
    try {
      erased.push(await eraseAccount(deps, request.id));
      log(`[accounts] ${describeErased(erased.at(-1)!)}`);
    } catch (error) {
      log(`[accounts] erasing ${request.id} failed; tried again next time.\n${(error as Error).message}`);
    }
  }
  return erased;
}

/**
 * Erases requests as they arrive, one run at a time (the publishing loop's
 * queue: requests during a run join the next). A run that fails (Firestore
 * out of reach) is logged, and the next request or start tries again.
 * Returns the function that stops listening.
 */
export function watchAccountDeletions(deps: EraseDeps, log: (line: string) => void): () => void {
  const runs = new CycleQueue(() =>
    eraseRequestedAccounts(deps, log).then(
      () => undefined,
      (error: Error) => log(`[accounts] reading the requests failed; tried again with the next.\n${error.message}`),
    ),
  );
  return deps.db.collection(ACCOUNT_DELETIONS_COLLECTION).onSnapshot(
    (snapshot) => {
      if (!snapshot.empty) void runs.request('a request to leave');
    },
    (error) => log(`[accounts] the request listener stopped: ${error.message}; requests wait for the next start.`),
  );
}
