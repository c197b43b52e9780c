/**
 * How a handle claim is shown to people (SPEC "Trust and safety"): one
 * wording for the public pages, search and the editors.
 */
import type { VerificationLevel } from '../schema/frozen-accounts';
import type { BadgeTone } from './ui-parts';

export const VERIFICATION_LABELS: Record<VerificationLevel, string> = {
  self: '本人申告',
  store: '店舗確認済み',
  operator: '運営確認済み',
};

/** What the label means, for a title/tooltip and the help text. */
export const VERIFICATION_HINTS: Record<VerificationLevel, string> = {
  self: '本人が登録した情報です。店舗や運営による確認はまだありません。',
  store: '運営が確認した所属店舗が、本人のアカウントだと確認しました。',
  operator: 'セラリンク運営が本人のアカウントだと確認しました。',
};

export const DISPUTED_LABEL = '確認中';
export const DISPUTED_HINT = '別の方からこのユーザー名の持ち主だという申し立てがあり、運営が確認しています。';

/**
 * A store's own level on its page (the public store record's `verified`):
 * only a store the operator verified turns its confirmations into 店舗確認済み.
 */
export const STORE_LEVEL_LABELS = { verified: '運営確認済みの店舗', unverified: '未確認の店舗' } as const;
export const STORE_LEVEL_HINTS = {
  verified: 'セラリンク運営がこの店舗を確認しました。この店舗が確認した旧アカウントは「店舗確認済み」と表示されます。',
  unverified:
    'セラリンク運営による店舗の確認はまだです。この店舗が確認した旧アカウントも、運営が店舗を確認するまでは「本人申告」と表示されます。',
} as const;

/** The label a public page shows for a claim: 確認中 wins, whatever the level, while a dispute is open. */
export function claimLabel(claim: { verification: VerificationLevel; disputed?: boolean }): string {
  return claim.disputed ? DISPUTED_LABEL : VERIFICATION_LABELS[claim.verification];
}

/** The badge tone of a claim: 確認中 amber, 本人申告 neutral, either confirmation green (the label says which). */
export function claimTone(claim: { verification: VerificationLevel; disputed?: boolean }): BadgeTone {
  if (claim.disputed) return 'warning';
  return claim.verification === 'self' ? 'neutral' : 'success';
}
