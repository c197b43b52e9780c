/**
 * X (Twitter) handles as the product stores them: NFKC-folded (so a
 * full-width ＠ or letters typed on a Japanese keyboard match), without the
 * leading @, lower case. X compares handles case-insensitively.
 */
export function normalizeHandle(input: string): string {
  return input.normalize('NFKC').trim().replace(/^@+/, '').trim().toLowerCase();
}

/** X's rules: letters, digits and underscores, at most 15 characters. */
export const X_HANDLE_PATTERN = /^[a-z0-9_]{1,15}$/;

/** Japanese reason a handle is not acceptable, or null when it is. */
export function handleProblem(input: string): string | null {
  const handle = normalizeHandle(input);
  if (handle === '') return 'ユーザー名を入力してください。';
  if (handle.length > 15) return 'X のユーザー名は 15 文字以内です。';
  if (!X_HANDLE_PATTERN.test(handle)) {
    return 'X のユーザー名に使えるのは半角英数字とアンダースコア（_）だけです。';
  }
  return null;
}

/** True when a search query looks like a handle (so it may be normalised as one). */
export function looksLikeHandle(query: string): boolean {
  return X_HANDLE_PATTERN.test(normalizeHandle(query));
}

/** The longest handle X allows (characters after normalisation). */
export const X_HANDLE_MAX_LENGTH = 15;

/** 「@miu_0312」: how a stored (normalised) handle is shown to people. */
export function atHandle(handle: string): string {
  return `@${handle}`;
}

/**
 * The normalised handle when the input is acceptable, else null: what a
 * form shows live as 「@name として登録されます」.
 */
export function acceptedHandle(input: string): string | null {
  return handleProblem(input) === null ? normalizeHandle(input) : null;
}
