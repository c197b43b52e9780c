/** A store's reason for declining a request: bounded as src/schema/memberships.ts and firestore.rules hold it. Pure. */
import { MAX_DECLINE_REASON } from '../../schema/memberships';

export { MAX_DECLINE_REASON };

/** The Japanese message for a reason that cannot be sent, or null (blank sends no reason). */
export function declineReasonProblem(reason: string): string | null {
  const length = reason.trim().length;
  return length > MAX_DECLINE_REASON ? `理由は${MAX_DECLINE_REASON}文字以内で入力してください（いま ${length} 文字）。` : null;
}
