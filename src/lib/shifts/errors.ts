/** Japanese messages for what can go wrong while loading and editing shifts. */
import type { ShiftTimes } from '../shifts-view';
import { shiftLabel } from './shift';
import { errorCode } from '../firebase/error-code';

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
export function shiftErrorMessage(error: unknown, operation: ShiftOperation): string {
  if (error instanceof ShiftOverlapError) return error.message;
  const code = errorCode(error);
  if (code === 'permission-denied') {
    return operation === 'load'
      ? 'この出勤表を見る権限がありません。ログインし直してからお試しください。'
      : 'この出勤を編集する権限がありません。所属店舗の設定が変わった可能性があります。ページを読み込み直してください。';
  }
  return (code && FIRESTORE_MESSAGES[code]) || FALLBACK[operation];
}
