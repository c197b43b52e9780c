/**
 * The `code` of a Firebase error (`auth/…`, `storage/…`, or a Firestore
 * code such as `permission-denied`), or undefined for anything else.
 */
export function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Whether a request got no answer (offline, connection dropped, Firestore
 * out of reach): the fetch fails with a TypeError, which the Firestore lite
 * SDK passes on as code `unknown` ("Request failed with error: Failed to
 * fetch"); the full SDK says `unavailable` or `deadline-exceeded`.
 */
export function isNetworkFailure(error: unknown): boolean {
  const code = errorCode(error);
  if (code === 'unavailable' || code === 'deadline-exceeded') return true;
  const message = String((error as { message?: unknown } | null)?.message ?? '');
  // Chromium: "Failed to fetch"; Firefox: "NetworkError when attempting…"; Safari: "Load failed".
  if (error instanceof TypeError) return /fetch|network|load failed/i.test(message);
  return code === 'unknown' && /^Request failed with error: .*(fetch|network)/i.test(message);
}
