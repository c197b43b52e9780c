/**
 * What a new password must be, for registration and for a change of
 * password: one rule, so a password one form takes the other never refuses.
 * Firebase asks at least 6 characters; 8 is the site's own floor.
 */
export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_MAX_LENGTH = 128;

/** The field's message for a password that breaks the rule, or null. `missing`: the empty field, in the form's words. */
export function newPasswordError(password: string, missing = 'パスワードを入力してください。'): string | null {
  if (password === '') return missing;
  if (password.length < PASSWORD_MIN_LENGTH) return `パスワードは ${PASSWORD_MIN_LENGTH} 文字以上にしてください。`;
  if (password.length > PASSWORD_MAX_LENGTH) return `パスワードは ${PASSWORD_MAX_LENGTH} 文字以内にしてください。`;
  return null;
}
