/**
 * How a handle claim is shown to people (SPEC "Trust and safety"): one
 * wording for the public pages, search and the editors.
 */
import type { VerificationLevel } from '../schema/frozen-accounts';

export const VERIFICATION_LABELS: Record<VerificationLevel, string> = {
  self: '本人申告',
  store: '店舗確認済み',
  operator: '運営確認済み',
};

/** What the label means, for a title/tooltip and the help text. */
export const VERIFICATION_HINTS: Record<VerificationLevel, string> = {
  self: '本人が登録した情報です。店舗や運営による確認はまだありません。',
  store: '所属店舗が本人のアカウントだと確認しました。',
  operator: 'セラリンク運営が本人のアカウントだと確認しました。',
};

export const DISPUTED_LABEL = '確認中';
export const DISPUTED_HINT = '別の方からこのユーザー名の持ち主だという申し立てがあり、運営が確認しています。';

/** The label a public page shows for a claim: 確認中 wins while a dispute is open. */
export function claimLabel(claim: { verification: VerificationLevel; disputed?: boolean }): string {
  return claim.disputed ? DISPUTED_LABEL : VERIFICATION_LABELS[claim.verification];
}
