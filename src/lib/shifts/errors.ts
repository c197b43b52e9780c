/** Japanese messages for what can go wrong while loading and editing shifts. */
import type { ShiftTimes } from './view';
import { shiftLabel } from './shift';
import { errorCode } from '../firebase/error-code';
import { MAX_SHIFTS_PER_DAY, SHIFT_DAYS_AHEAD } from '../caps';
import { ShiftDateRangeError, ShiftDayFullError, ShiftRefusedError } from './slots';

export function overlapMessage(clash: ShiftTimes): string {
  return `${shiftLabel(clash)} の出勤と重なっています。時間を見直してください。`;
}

/** A save refused because the shift overlaps `clash`. */
export class ShiftOverlapError extends Error {
  constructor(readonly clash: ShiftTimes) {
    super(overlapMessage(clash));
    this.name = 'ShiftOverlapError';
  }
}

/**
 * A copy that stopped part-way: the `created` shifts written before
 * `reason` stay (a copy skips days and times already taken, so running it
 * again writes only the rest).
 */
export class ShiftCopyInterruptedError extends Error {
  constructor(
    readonly created: number,
    readonly reason: unknown,
  ) {
    super(`The copy stopped after ${created} shifts`);
    this.name = 'ShiftCopyInterruptedError';
  }
}

export type ShiftOperation = 'load' | 'save' | 'delete' | 'copy';

const NETWORK = '通信できませんでした。インターネット接続を確かめて、もう一度お試しください。';

const FIRESTORE_MESSAGES: Record<string, string> = {
  'not-found': 'この出勤はすでに削除されています。ページを読み込み直してください。',
  unauthenticated: 'ログインの有効期限が切れました。ログインし直してからお試しください。',
  unavailable: NETWORK,
  'deadline-exceeded': NETWORK,
  'resource-exhausted': '混み合っています。しばらく待ってからお試しください。',
};

const FALLBACK: Record<ShiftOperation, string> = {
  load: '出勤を読み込めませんでした。時間をおいて、もう一度お試しください。',
  save: '出勤を保存できませんでした。時間をおいて、もう一度お試しください。',
  delete: '出勤を削除できませんでした。時間をおいて、もう一度お試しください。',
  copy: '先週の出勤をコピーできませんでした。時間をおいて、もう一度お試しください。',
};

/** The message for an error thrown by the shift client during `operation`. */
const DENIED: Record<ShiftOperation, string> = {
  load: 'この出勤表を見る権限がありません。ログインし直してからお試しください。',
  save: `この出勤の保存が許可されませんでした。1 日 ${MAX_SHIFTS_PER_DAY} 件・${SHIFT_DAYS_AHEAD} 日先までの上限を超えているか、所属店舗の承認が変わった可能性があります。ページを読み込み直してください。入力した内容は残っています。`,
  delete: 'この出勤を削除する権限がありません。所属店舗の承認が変わった可能性があります。ページを読み込み直してください。',
  copy: '先週の出勤のコピーが許可されませんでした。所属店舗の承認が変わった可能性があります。ページを読み込み直してください。',
};

export function shiftErrorMessage(error: unknown, operation: ShiftOperation): string {
  if (error instanceof ShiftCopyInterruptedError) {
    const done =
      error.created > 0
        ? `（${error.created}件はコピーできています。もう一度「先週をコピー」を押すと、残りの分だけをコピーします。）`
        : '（何もコピーされていません。）';
    return `${shiftErrorMessage(error.reason, operation)}${done}`;
  }
  if (
    error instanceof ShiftOverlapError ||
    error instanceof ShiftDayFullError ||
    error instanceof ShiftDateRangeError ||
    error instanceof ShiftRefusedError
  ) {
    return error.message;
  }
  const code = errorCode(error);
  if (code === 'permission-denied') return DENIED[operation];
  return (code && FIRESTORE_MESSAGES[code]) || FALLBACK[operation];
}
