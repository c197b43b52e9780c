/**
 * What can go wrong with 推し, handle watches and alert settings, as one
 * Error subclass whose `message` is natural Japanese the islands show as is
 * and whose `reason` lets them react (e.g. roll back an optimistic toggle).
 * Pure: no Firebase import.
 */
import { MAX_FAVORITES, MAX_HANDLE_WATCHES } from '../caps';
import { errorCode, isNetworkFailure } from '../firebase/error-code';

export type FavoriteErrorReason = 'limit' | 'self' | 'missing-target' | 'invalid-handle' | 'denied' | 'signed-out' | 'network' | 'failed';

/** What the caller was doing (picks the words). */
export type FavoriteAction =
  | 'list-favorites'
  | 'add-favorite'
  | 'remove-favorite'
  | 'list-watches'
  | 'watch'
  | 'unwatch'
  | 'read-settings'
  | 'save-settings'
  | 'visit';

export class FavoriteError extends Error {
  constructor(
    readonly reason: FavoriteErrorReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'FavoriteError';
  }
}

const FAILED: Record<FavoriteAction, string> = {
  'list-favorites': '推しの一覧を読み込めませんでした',
  'add-favorite': '推しに登録できませんでした',
  'remove-favorite': '推しを解除できませんでした',
  'list-watches': 'お知らせを待っているユーザー名を読み込めませんでした',
  watch: '登録のお知らせを予約できませんでした',
  unwatch: '登録のお知らせを取り消せませんでした',
  'read-settings': 'お知らせの設定を読み込めませんでした',
  'save-settings': 'お知らせの設定を保存できませんでした',
  visit: '推しの一覧を開いた記録を残せませんでした',
};

/** She already keeps the most 推し (or watches) an account may. */
export function limitError(action: 'add-favorite' | 'watch'): FavoriteError {
  return new FavoriteError(
    'limit',
    action === 'add-favorite'
      ? `推しは ${MAX_FAVORITES} 件まで登録できます。ほかの推しを解除してから、もう一度お試しください。`
      : `お知らせを待てるユーザー名は ${MAX_HANDLE_WATCHES} 件までです。不要なものを取り消してから、もう一度お試しください。`,
  );
}

export function selfFavoriteError(): FavoriteError {
  return new FavoriteError('self', '自分自身を推しに登録することはできません。');
}

export function missingTargetError(cause?: unknown): FavoriteError {
  return new FavoriteError(
    'missing-target',
    'この推し先は見つかりませんでした。削除されたか、非公開になった可能性があります。ページを再読み込みしてください。',
    { cause },
  );
}

/** `problem` is handleProblem()'s Japanese (src/lib/handles.ts). */
export function invalidHandleError(problem: string): FavoriteError {
  return new FavoriteError('invalid-handle', problem);
}

/** Any failure of `action` as a FavoriteError (one already is passes through). */
export function toFavoriteError(error: unknown, action: FavoriteAction): FavoriteError {
  if (error instanceof FavoriteError) return error;
  const failed = FAILED[action];
  const code = errorCode(error);
  if (code === 'unauthenticated') {
    return new FavoriteError('signed-out', 'ログインの有効期限が切れました。ログインし直してから、もう一度お試しください。', {
      cause: error,
    });
  }
  if (code === 'permission-denied') {
    return new FavoriteError('denied', `${failed}。ログインし直してから、もう一度お試しください。`, { cause: error });
  }
  if (isNetworkFailure(error)) {
    return new FavoriteError('network', `通信できなかったため${failed}。インターネット接続を確かめて、もう一度お試しください。`, {
      cause: error,
    });
  }
  return new FavoriteError('failed', `${failed}。時間をおいて、もう一度お試しください。`, { cause: error });
}
