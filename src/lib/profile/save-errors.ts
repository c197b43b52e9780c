/**
 * Natural Japanese for what can go wrong saving a profile or its picture:
 * Firestore codes (`permission-denied`, …) and Storage codes
 * (`storage/unauthorized`, …). Pure.
 */
import { errorCode, isNetworkFailure } from '../firebase/error-code';

const NETWORK = '通信できませんでした。インターネット接続を確かめて、もう一度お試しください。入力した内容は残っています。';
const SIGN_IN_AGAIN = 'ログインの有効期限が切れました。ログインし直してから、もう一度お試しください。入力した内容は残っています。';

const MESSAGES: Record<string, string> = {
  'permission-denied': '保存が許可されませんでした。ログインし直してから、もう一度お試しください。入力した内容は残っています。',
  unauthenticated: SIGN_IN_AGAIN,
  unavailable: NETWORK,
  'deadline-exceeded': NETWORK,
  'resource-exhausted': '混み合っています。しばらく待ってから、もう一度お試しください。',
  aborted: 'ほかの画面での変更と重なったため保存できませんでした。もう一度お試しください。',
  'failed-precondition': 'ほかの画面での変更と重なったため保存できませんでした。もう一度お試しください。',
  'not-found': 'プロフィールが見つかりませんでした。ページを再読み込みしてください。',
  'invalid-argument': '保存できない内容が含まれています。入力を確かめてください。',
  'storage/unauthorized': '画像を保存する権限がありませんでした。ログインし直してから、もう一度お試しください。',
  'storage/unauthenticated': SIGN_IN_AGAIN,
  'storage/retry-limit-exceeded': NETWORK,
  'storage/canceled': '画像のアップロードが中断されました。もう一度お試しください。',
  'storage/quota-exceeded': '画像の保存容量が上限に達しています。時間をおいてお試しください。',
  'storage/server-file-wrong-size': '画像のアップロードに失敗しました。もう一度お試しください。',
  'auth/network-request-failed': NETWORK,
  'auth/user-token-expired': SIGN_IN_AGAIN,
  'auth/requires-recent-login': SIGN_IN_AGAIN,
};

export const UNKNOWN_SAVE_ERROR =
  '予期しないエラーで保存できませんでした。時間をおいて、もう一度お試しください。入力した内容は残っています。';

export function saveErrorMessage(error: unknown): string {
  const code = errorCode(error);
  if (code && MESSAGES[code]) return MESSAGES[code];
  if (isNetworkFailure(error)) return NETWORK;
  return UNKNOWN_SAVE_ERROR;
}
