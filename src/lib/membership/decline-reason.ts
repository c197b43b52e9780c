/** A store's reason for declining a request: bounded as src/schema/memberships.ts and firestore.rules hold it. Pure. */
/** The longest decline reason, in UTF-16 units (firestore.rules memberships repeats it). Here, without zod: islands import it. */
export const MAX_DECLINE_REASON = 100;

/** The Japanese message for a reason that cannot be sent, or null (blank sends no reason). */
export function declineReasonProblem(reason: string): string | null {
  const length = reason.trim().length;
  return length > MAX_DECLINE_REASON ? `理由は${MAX_DECLINE_REASON}文字以内で入力してください（いま ${length} 文字）。` : null;
}
