/**
 * An email address as the forms check it before Firebase does (registration,
 * the sign-in email's change): present, and roughly the shape a browser's
 * type=email accepts. Firebase has the last word.
 */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with `email` (trimmed), in Japanese, or null; `missing` words an empty one. */
export function emailAddressError(email: string, missing = 'メールアドレスを入力してください。'): string | null {
  const value = email.trim();
  if (value === '') return missing;
  return EMAIL_PATTERN.test(value) ? null : 'メールアドレスの形式が正しくありません。';
}
