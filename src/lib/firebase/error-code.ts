/**
 * The `code` of a Firebase error (`auth/…`, `storage/…`, or a Firestore
 * code such as `permission-denied`), or undefined for anything else.
 */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
