/**
 * Sends a report: reports/{uid}_{n} = {userId, targetPath, reason, text,
 * createdAt}. Nobody but the operator may read reports, so the free slot
 * cannot be looked up: slots 0..MAX_OPEN_REPORTS-1 are tried in order,
 * since a create over an open report (an existing id) is refused. All of
 * them refused means she has MAX_OPEN_REPORTS open reports.
 */
import { doc, getDoc, serverTimestamp, setDoc } from 'firebase/firestore/lite';
import { MAX_OPEN_REPORTS } from '../caps';
import { clientDb } from '../firebase/db';
import { errorCode } from '../firebase/error-code';
import { reportDocId, ReportLimitError, type ReportReason } from './report';
import { reportTargetName } from './target-name';

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

/**
 * The words naming the reported document (reportTargetName), read from
 * Firestore as any visitor may read it (one read); null when it cannot be
 * read (hidden, deleted, offline): the form then names only its kind.
 */
export async function loadReportTargetName(targetPath: string): Promise<string | null> {
  try {
    const snapshot = await getDoc(doc(clientDb(), targetPath));
    const data = snapshot.data();
    return data ? reportTargetName(targetPath.split('/')[0] ?? '', data) : null;
  } catch {
    return null;
  }
}
