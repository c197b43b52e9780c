/**
 * 今すぐ案内可 in Firestore for its switch (lite SDK, one-shot reads):
 * availableNow/{userId}, written by her or her confirmed store
 * (docs/decisions/available-now.md).
 */
import { doc, getDoc, serverTimestamp, setDoc, Timestamp } from 'firebase/firestore/lite';
import { clientDb } from './firebase/db';
import { errorCode, isNetworkFailure } from './firebase/error-code';
import { windowEnd, type AvailableNowMinutes } from './available-now';

const ref = (userId: string) => doc(clientDb(), 'availableNow', userId);

/** When her open window ends, or null when she has none (no document, or its end has passed). */
export async function readAvailableNow(userId: string): Promise<Date | null> {
  const snapshot = await getDoc(ref(userId));
  const until = snapshot.data()?.until;
  if (!(until instanceof Timestamp)) return null;
  const end = until.toDate();
  return end.getTime() > Date.now() ? end : null;
}

/** Opens (or replaces) her window for `minutes`, written by `writer` (she or her store); resolves with its end. */
export async function startAvailableNow(userId: string, writer: string, minutes: AvailableNowMinutes): Promise<Date> {
  const until = windowEnd(minutes);
  await setDoc(ref(userId), { userId, until: Timestamp.fromDate(until), setBy: writer, updatedAt: serverTimestamp() });
  return until;
}

/** Ends her window now (the server's time). */
export async function endAvailableNow(userId: string, writer: string): Promise<void> {
  await setDoc(ref(userId), { userId, until: serverTimestamp(), setBy: writer, updatedAt: serverTimestamp() });
}

/** What to tell her when a write or read failed. */
export function availableNowError(error: unknown): string {
  if (isNetworkFailure(error)) return '通信できませんでした。電波の良いところでもう一度お試しください。';
  if (errorCode(error) === 'permission-denied') {
    return '変更できませんでした。所属が確認されているか、端末の時計が正しいかを確かめて、もう一度お試しください。';
  }
  return '変更できませんでした。時間をおいてもう一度お試しください。';
}
