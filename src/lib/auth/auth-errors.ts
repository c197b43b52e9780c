/**
 * Natural Japanese for every Firebase Auth (and Firestore) error the
 * sign-in and registration forms can meet. `field` says which input the
 * message belongs to, so the form can show it there and focus it.
 */
import { errorCode } from '../firebase/error-code';

export type AuthErrorField = 'email' | 'password' | 'form';

export interface AuthErrorMessage {
  field: AuthErrorField;
  message: string;
}

const NETWORK = '通信できませんでした。インターネット接続を確かめて、もう一度お試しください。';

const WRONG_CREDENTIALS = 'メールアドレスまたはパスワードが違います。入力を確かめるか、パスワードを再設定してください。';

const AUTH_MESSAGES: Record<string, AuthErrorMessage> = {
  'auth/email-already-in-use': {
    field: 'email',
    message: 'このメールアドレスはすでに登録されています。ログインするか、パスワードを再設定してください。',
  },
  'auth/invalid-email': { field: 'email', message: 'メールアドレスの形式が正しくありません。' },
  'auth/missing-email': { field: 'email', message: 'メールアドレスを入力してください。' },
  'auth/user-disabled': { field: 'email', message: 'このアカウントは停止されています。運営までお問い合わせください。' },
  // One answer for an unknown email and a wrong password, as a project with
  // email-enumeration protection gives: sign-in never reveals who has an account.
  'auth/user-not-found': { field: 'password', message: WRONG_CREDENTIALS },
  'auth/wrong-password': { field: 'password', message: WRONG_CREDENTIALS },
  'auth/invalid-credential': { field: 'password', message: WRONG_CREDENTIALS },
  'auth/invalid-login-credentials': { field: 'password', message: WRONG_CREDENTIALS },
  'auth/missing-password': { field: 'password', message: 'パスワードを入力してください。' },
  'auth/weak-password': { field: 'password', message: 'パスワードが弱すぎます。8 文字以上で、推測されにくいものにしてください。' },
  'auth/password-does-not-meet-requirements': {
    field: 'password',
    message: 'パスワードが条件を満たしていません。英字と数字を組み合わせて 8 文字以上にしてください。',
  },
  'auth/too-many-requests': {
    field: 'form',
    message: '試行回数が多すぎるため、一時的にブロックされています。しばらく待ってからお試しください。',
  },
  'auth/network-request-failed': { field: 'form', message: NETWORK },
  'auth/timeout': { field: 'form', message: NETWORK },
  'auth/operation-not-allowed': { field: 'form', message: 'いまはメールアドレスでの登録・ログインを受け付けていません。' },
  'auth/quota-exceeded': { field: 'form', message: '混み合っています。しばらく待ってからお試しください。' },
  'auth/requires-recent-login': { field: 'form', message: '安全のため、もう一度ログインしてからお試しください。' },
  'auth/expired-action-code': { field: 'form', message: 'リンクの有効期限が切れています。もう一度メールを送ってください。' },
  'auth/invalid-action-code': { field: 'form', message: 'リンクが無効です。すでに使われたか、期限が切れています。' },
  'auth/unauthorized-continue-uri': { field: 'form', message: 'メールを送れませんでした。運営までお問い合わせください。' },
  'auth/web-storage-unsupported': {
    field: 'form',
    message: 'このブラウザの設定ではログインを保存できません。プライベートブラウズを解除してお試しください。',
  },
  // Firestore codes (the registration transaction and profile reads).
  'permission-denied': { field: 'form', message: '権限がないため保存できませんでした。ログインし直してからお試しください。' },
  unavailable: { field: 'form', message: NETWORK },
  'deadline-exceeded': { field: 'form', message: NETWORK },
};

const UNKNOWN: AuthErrorMessage = {
  field: 'form',
  message: '予期しないエラーが起きました。時間をおいて、もう一度お試しください。',
};

export function authErrorMessage(error: unknown): AuthErrorMessage {
  const code = errorCode(error);
  return (code && AUTH_MESSAGES[code]) || UNKNOWN;
}
