/**
 * Errors of the frozen-handle editor and their natural Japanese. `field`
 * says where the editor shows the message: at the handle input (so it can
 * be fixed there) or above the form. Pure: no Firebase import.
 */
import { atHandle } from '../handles';
import { FROZEN_HANDLES_LIMIT } from './entry';
import type { HandleKind } from './handle-holders';
import { errorCode, isNetworkFailure } from '../firebase/error-code';

/** The handle is already registered by this very account. */
export class HandleAlreadyYoursError extends Error {
  readonly code = 'frozen/already-yours';
  constructor(readonly handle: string) {
    super('この旧アカウントはすでに登録済みです。一覧から日付やメモを編集できます。');
  }
}

/**
 * The handle is held by another account: as her former handle, or as her
 * current one (kind). Either way it may be disputed.
 */
export class HandleClaimedError extends Error {
  readonly code = 'frozen/claimed';
  constructor(
    readonly handle: string,
    readonly kind: HandleKind = 'former',
  ) {
    super(
      `${atHandle(handle)} は別のアカウントが${kind === 'current' ? 'いまの X アカウントとして' : '旧アカウントとして'}登録済みのため、登録できません。ご本人のアカウントなら、下の「申し立てる」から運営に確認を依頼できます。`,
    );
  }
}

/** The account already holds FROZEN_HANDLES_LIMIT handles. */
export class FrozenLimitError extends Error {
  readonly code = 'frozen/limit';
  constructor() {
    super(
      `旧アカウントは ${FROZEN_HANDLES_LIMIT} 件まで登録できます。使わなくなったものを削除してから追加してください。入力した内容は残っています。`,
    );
  }
}

/** What the editor was doing when the error happened (picks the verb). */
export type FrozenAction = 'load' | 'add' | 'update' | 'remove';

export interface FrozenErrorMessage {
  field: 'handle' | 'form';
  message: string;
}

const FAILED: Record<FrozenAction, string> = {
  load: '読み込めませんでした',
  add: '登録できませんでした',
  update: '保存できませんでした',
  remove: '削除できませんでした',
};

/** permission-denied means something different for each action. */
const DENIED: Record<FrozenAction, string> = {
  load: '旧アカウントの一覧を読み込む権限がありませんでした。ログインし直してからお試しください。',
  add: `この旧アカウントは登録できませんでした。ほかのアカウントが使っているか、登録できる件数（${FROZEN_HANDLES_LIMIT} 件）を超えている可能性があります。入力した内容は残っています。`,
  update: '日付とメモの保存が許可されませんでした。ログインし直してから、もう一度お試しください。入力した内容は残っています。',
  remove: '削除が許可されませんでした。ログインし直してから、もう一度お試しください。',
};

/** Firestore error codes → message, given the failed verb (e.g. 登録できませんでした). */
const BY_CODE: Record<string, (failed: string) => string> = {
  unauthenticated: () => 'ログインの有効期限が切れました。もう一度ログインしてからお試しください。',
  unavailable: (failed) => `通信できなかったため${failed}。インターネット接続を確かめて、もう一度お試しください。`,
  'deadline-exceeded': (failed) => `通信できなかったため${failed}。インターネット接続を確かめて、もう一度お試しください。`,
  'resource-exhausted': (failed) => `混み合っているため${failed}。しばらく待ってからお試しください。`,
  aborted: (failed) => `ほかの操作と重なったため${failed}。もう一度お試しください。`,
  'not-found': () => 'この旧アカウントは見つかりませんでした。すでに削除されている可能性があります。ページを再読み込みしてください。',
  'invalid-argument': (failed) => `入力内容に問題があるため${failed}。内容を確かめてください。`,
};

/** Natural Japanese for any error of listing, adding, editing or removing a frozen handle. */
export function frozenErrorMessage(error: unknown, action: FrozenAction): FrozenErrorMessage {
  if (error instanceof HandleAlreadyYoursError || error instanceof HandleClaimedError) {
    return { field: 'handle', message: error.message };
  }
  if (error instanceof FrozenLimitError) return { field: 'form', message: error.message };
  const failed = FAILED[action];
  const code = errorCode(error);
  if (code === 'permission-denied') return { field: 'form', message: DENIED[action] };
  const byCode = code ? BY_CODE[code] : undefined;
  if (byCode) return { field: 'form', message: byCode(failed) };
  if (isNetworkFailure(error)) return { field: 'form', message: BY_CODE.unavailable!(failed) };
  return { field: 'form', message: `予期しないエラーのため${failed}。時間をおいて、もう一度お試しください。` };
}
