/**
 * What this browser keeps of an account, forgotten when she leaves (退会):
 * every draft, the notebook's outbox of sealed records, the last push
 * token (localStorage and sessionStorage keys `theralink:…:{uid}…`), and
 * the pictures picked for unsaved diaries (IndexedDB). The account is
 * erased on the server; nothing of it should wait on a shared phone.
 */
import { blogDraftKeyPrefix } from '../blogs/local-draft';
import { dropPendingImagesUnder } from '../blogs/pending-images';

export async function forgetAccountOnDevice(uid: string): Promise<void> {
  for (const storage of [globalThis.localStorage, globalThis.sessionStorage]) {
    try {
      for (const key of Object.keys(storage)) if (key.startsWith('theralink:') && key.includes(`:${uid}`)) storage.removeItem(key);
    } catch {
      // Storage refused (private mode, blocked): nothing was kept there either.
    }
  }
  await dropPendingImagesUnder(blogDraftKeyPrefix(uid));
}
