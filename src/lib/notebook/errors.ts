/**
 * The notebook's own failures, each with the Japanese sentence the page
 * shows. Messages never quote what was typed or stored (SPEC: the notes
 * appear nowhere but on her screen, not in error messages either).
 */

export type NotebookErrorReason =
  | 'wrong-passphrase'
  | 'wrong-recovery-code'
  | 'not-a-recovery-code'
  | 'tampered'
  | 'bad-backup'
  | 'too-large'
  | 'full'
  | 'storage-full'
  | 'no-notebook'
  | 'locked';

const MESSAGES: Record<NotebookErrorReason, string> = {
  'wrong-passphrase': '合言葉が違います。もう一度入力してください（英字の大文字と小文字は区別されます）。',
  'wrong-recovery-code': '回復コードが違います。控えておいたコードを確かめて、もう一度入力してください。',
  'not-a-recovery-code': '回復コードは英数字 24 文字（4 文字ずつ 6 組）です。控えたとおりに入力してください。',
  tampered: '暗号化されたデータを開けませんでした。データが壊れているか、書き換えられています。',
  'bad-backup': 'このファイルは顧客ノートのバックアップではないか、壊れています。',
  'too-large': 'この顧客の記録が大きすぎて保存できません。メモや古い来店記録を短くしてください。',
  full: '顧客ノートに登録できるのは 5,000 人までです。不要な顧客を削除してから追加してください。',
  'storage-full': 'このブラウザーの保存領域がいっぱいで、未送信の変更を保管できません。通信できる場所で開き直してください。',
  'no-notebook': '顧客ノートがまだ作成されていません。',
  locked: '顧客ノートがロックされています。合言葉を入力して開いてください。',
};

export class NotebookError extends Error {
  constructor(readonly reason: NotebookErrorReason) {
    super(MESSAGES[reason]);
    this.name = 'NotebookError';
  }
}

/** Whether `error` is a NotebookError, optionally of one reason. */
export function isNotebookError(error: unknown, reason?: NotebookErrorReason): error is NotebookError {
  return error instanceof NotebookError && (reason === undefined || error.reason === reason);
}
