/** Each push failure has its own Japanese message that says what to do. */
import { describe, expect, it } from 'vitest';
import { PUSH_LOCAL_DEMO_MESSAGE, pushFailureMessage, type PushFailure } from '../../src/lib/push/failures';

const FAILURES: PushFailure[] = [
  'unsupported',
  'permission-blocked',
  'permission-dismissed',
  'service-worker',
  'token-subscribe',
  'token-update',
];

describe('pushFailureMessage', () => {
  it('gives every failure a distinct Japanese message', () => {
    const messages = FAILURES.map(pushFailureMessage);
    expect(new Set(messages).size).toBe(FAILURES.length);
    for (const message of messages) expect(message).toMatch(/[\u3040-\u30ff]/);
  });

  it('tells a blocked user to allow notifications in the browser settings', () => {
    expect(pushFailureMessage('permission-blocked')).toMatch(/ブロック/);
    expect(pushFailureMessage('permission-blocked')).toMatch(/設定/);
    expect(pushFailureMessage('permission-blocked')).toMatch(/許可/);
  });

  it('tells a user who dismissed the prompt to press the button again', () => {
    expect(pushFailureMessage('permission-dismissed')).toMatch(/もう一度ボタンを押/);
  });

  it('explains the home-screen requirement on iPhone for an unsupported browser', () => {
    const message = pushFailureMessage('unsupported');
    expect(message).toMatch(/対応していません/);
    expect(message).toMatch(/iOS 16\.4/);
    expect(message).toMatch(/ホーム画面に追加/);
  });

  it('names the service worker, the subscription and the saving steps apart', () => {
    expect(pushFailureMessage('service-worker')).toMatch(/サービスワーカー/);
    expect(pushFailureMessage('token-subscribe')).toMatch(/登録に失敗/);
    expect(pushFailureMessage('token-update')).toMatch(/保存できませんでした/);
  });

  it('has a local-demo note in plain Japanese, with no developer words', () => {
    expect(PUSH_LOCAL_DEMO_MESSAGE).toBe('このデモ環境ではプッシュ通知を送れません。お知らせはこのページで確認できます。');
    expect(PUSH_LOCAL_DEMO_MESSAGE).not.toMatch(/エミュレータ|SDK|Cloud Messaging|Firebase/);
  });
});
