/**
 * What can go wrong saving a blog or a timeline post, as errors the
 * islands tell apart and Japanese messages that say the text is safe.
 * Pure.
 */
import { errorCode, isNetworkFailure } from '../firebase/error-code';
import { saveErrorMessage } from '../profile/save-errors';
import type { StoredBlog } from './blog';

/** Another tab or device saved the blog after this editor loaded it. */
export class BlogConflictError extends Error {
  constructor(readonly stored: StoredBlog) {
    super('別のタブまたは端末でこの記事が更新されています。');
    this.name = 'BlogConflictError';
  }
}

/** The blog was deleted (elsewhere) while she edited it. */
export class BlogGoneError extends Error {
  constructor() {
    super('この記事は削除されています。入力した内容はこの画面と下書きに残っているので、新しい記事として保存できます。');
    this.name = 'BlogGoneError';
  }
}

/** Every slot of today is taken (the daily cap). */
export class DayFullError extends Error {
  constructor(
    readonly cap: number,
    what: string,
  ) {
    super(`${what}は 1 日 ${cap} 件までです。今日はもう作成できません。入力した内容は残っているので、明日以降に保存してください。`);
    this.name = 'DayFullError';
  }
}

/** Publishing (or posting) with an email that is not verified. */
export class EmailNotVerifiedError extends Error {
  constructor(what: string) {
    super(
      `${what}には、メールアドレスの確認が必要です。確認メールのリンクを開いてから、もう一度お試しください。入力した内容は残っています。`,
    );
    this.name = 'EmailNotVerifiedError';
  }
}

export const OFFLINE_MESSAGE =
  'インターネットに接続されていません。接続が戻ってから、もう一度保存してください。入力した内容はこの端末に残っています。';

/** The Japanese message for a failed save (the typed text is always kept, and each message says so). */
export function contentSaveErrorMessage(error: unknown): string {
  if (error instanceof BlogConflictError || error instanceof BlogGoneError || error instanceof DayFullError) return error.message;
  if (error instanceof EmailNotVerifiedError) return error.message;
  if (errorCode(error) === 'not-found') return new BlogGoneError().message;
  return saveErrorMessage(error);
}

/** The message for a failed delete. */
export function deleteErrorMessage(error: unknown): string {
  const code = errorCode(error);
  if (code === 'permission-denied') return '削除が許可されませんでした。ログインし直してから、もう一度お試しください。';
  if (isNetworkFailure(error)) return '通信できませんでした。インターネット接続を確かめて、もう一度お試しください。';
  return '削除できませんでした。時間をおいて、もう一度お試しください。';
}
