/** Japanese for what can go wrong with store membership, per action. Pure. */
import { errorCode, isNetworkFailure } from '../firebase/error-code';

export type MembershipAction = 'load' | 'leave' | 'confirm' | 'decline' | 'remove' | 'handles' | 'vouch' | 'verification';

const DENIED: Record<MembershipAction, string> = {
  load: '所属の状況を読み込む権限がありませんでした。ログインし直してからお試しください。',
  leave: '店舗をやめる操作が許可されませんでした。ログインし直してから、もう一度お試しください。',
  confirm: '承認できませんでした。この方が所属の申請を取り下げたか、別の店舗を選び直した可能性があります。ページを再読み込みしてください。',
  decline: 'お断りできませんでした。この方が所属の申請を取り下げた可能性があります。ページを再読み込みしてください。',
  remove: '所属を解除できませんでした。この方がすでに店舗をやめた可能性があります。ページを再読み込みしてください。',
  handles: '旧アカウントの一覧を読み込む権限がありませんでした。',
  vouch:
    '本人確認を記録できませんでした。この方が所属中でなくなったか、旧アカウントが削除・確認済みになったか、店舗がまだ運営の確認を受けていない可能性があります。ページを再読み込みしてください。',
  verification:
    '確認を申請できませんでした。申請できるのは、店舗ページを公開していて（上の「公開する」をオンにして保存）、メールアドレスを確認済みの店舗です。すでに運営確認済みの場合は、ページを再読み込みしてください。',
};

const FAILED: Record<MembershipAction, string> = {
  load: '所属の状況を読み込めませんでした',
  leave: '店舗をやめられませんでした',
  confirm: '承認できませんでした',
  decline: 'お断りできませんでした',
  remove: '所属を解除できませんでした',
  handles: '旧アカウントを読み込めませんでした',
  vouch: '本人確認を記録できませんでした',
  verification: '確認を申請できませんでした',
};

export function membershipErrorMessage(error: unknown, action: MembershipAction): string {
  const code = errorCode(error);
  if (code === 'permission-denied') return DENIED[action];
  if (code === 'unauthenticated') return 'ログインの有効期限が切れました。ログインし直してからお試しください。';
  if (isNetworkFailure(error)) {
    return `通信できなかったため${FAILED[action]}。インターネット接続を確かめて、もう一度お試しください。`;
  }
  return `${FAILED[action]}。時間をおいて、もう一度お試しください。`;
}
