/**
 * Sends a report: reports/{uid}_{n} = {userId, targetPath, reason, text,
 * createdAt}. Nobody but the operator may read reports, so the free slot
 * cannot be looked up: slots 0..MAX_OPEN_REPORTS-1 are tried in order,
 * since a create over an open report (an existing id) is refused. All of
 * them refused means she has MAX_OPEN_REPORTS open reports.
 */
import { doc, serverTimestamp, setDoc } from 'firebase/firestore/lite';
import { MAX_OPEN_REPORTS } from '../caps';
import { clientDb } from '../firebase/db';
import { errorCode } from '../firebase/error-code';
import { reportDocId, ReportLimitError, type ReportReason } from './report';

export async function sendReport(uid: string, targetPath: string, reason: ReportReason, text: string): Promise<void> {
  const data = { userId: uid, targetPath, reason, text: text.trim(), createdAt: serverTimestamp() };
  for (let slot = 0; slot < MAX_OPEN_REPORTS; slot += 1) {
    try {
      await setDoc(doc(clientDb(), 'reports', reportDocId(uid, slot)), data);
      return;
    } catch (error) {
      if (errorCode(error) !== 'permission-denied') throw error;
    }
  }
  throw new ReportLimitError();
}
