/**
 * Every way turning push notifications on can fail, each with its own
 * Japanese message: what happened, and what the user can do about it.
 */
import { SITE_NAME } from '../site';

export type PushFailure =
  'unsupported' | 'permission-blocked' | 'permission-dismissed' | 'service-worker' | 'token-subscribe' | 'token-update';

const MESSAGES: Record<PushFailure, string> = {
  unsupported:
    'このブラウザはプッシュ通知に対応していません。iPhone・iPad では iOS 16.4 以降で、Safari の共有メニューから' +
    `「ホーム画面に追加」した${SITE_NAME}を開くと通知を受け取れます。`,
  'permission-blocked':
    'このサイトからの通知がブラウザでブロックされています。アドレスバーの鍵アイコン（サイトの設定）から' +
    '「通知」を「許可」に変えてから、もう一度お試しください。',
  'permission-dismissed': '通知の許可が選ばれませんでした。通知を受け取るには、もう一度ボタンを押して「許可」を選んでください。',
  'service-worker':
    '通知の準備（サービスワーカーの登録）がうまくいきませんでした。ページを再読み込みしてから、もう一度お試しください。' +
    'プライベートブラウズ中は使えないことがあります。',
  'token-subscribe': '通知サービスへの登録に失敗しました。通信環境を確かめて、しばらくしてからもう一度お試しください。',
  'token-update':
    '通知の設定を保存できませんでした。通信環境を確かめて、もう一度お試しください。直らないときは、ログインし直してください。',
};

export function pushFailureMessage(failure: PushFailure): string {
  return MESSAGES[failure];
}

/** What /announcements says instead of offering push in the local demo. */
export const PUSH_LOCAL_DEMO_MESSAGE = 'このデモ環境ではプッシュ通知を送れません。お知らせはこのページで確認できます。';
