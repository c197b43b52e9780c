/**
 * A dispute: a second claimant's case that a handle someone holds is
 * hers (disputes/{uid}_{0..2}, at most MAX_OPEN_DISPUTES open). What she
 * writes, its Japanese problems and the errors of sending. Pure.
 */
import { DISPUTE_EVIDENCE_MAX, MAX_OPEN_DISPUTES } from '../caps';
import { errorCode, isNetworkFailure } from '../firebase/error-code';

/** What a dispute is about: a former handle (frozenAccounts) or a current one (currentHandles). */
export type DisputeKind = 'former' | 'current';

export function disputeDocId(uid: string, slot: number): string {
  return `${uid}_${slot}`;
}

/** Japanese reason the evidence cannot be sent, or null. */
export function evidenceProblem(evidence: string): string | null {
  const length = evidence.trim().length;
  if (length === 0) return '申し立ての内容を入力してください。ご本人のアカウントだとわかる事情を書いてください。';
  if (length > DISPUTE_EVIDENCE_MAX) {
    return `申し立ての内容は ${DISPUTE_EVIDENCE_MAX} 文字以内にしてください（いま ${length} 文字）。`;
  }
  return null;
}

export class DisputeLimitError extends Error {
  readonly code = 'dispute/limit';
  constructor() {
    super(`申し立ては同時に ${MAX_OPEN_DISPUTES} 件までです。運営が確認を終えるまでお待ちください。入力した内容は残っています。`);
  }
}

export class DisputeNeedsVerificationError extends Error {
  readonly code = 'dispute/unverified';
  constructor() {
    super(
      '申し立てるには、メールアドレスの確認が必要です。確認メールのリンクを開いてから、「確認済みか調べる」を押してください。入力した内容は残っています。',
    );
  }
}

const NETWORK =
  '通信できなかったため申し立てを送れませんでした。インターネット接続を確かめて、もう一度お試しください。入力した内容は残っています。';

export function disputeErrorMessage(error: unknown): string {
  if (error instanceof DisputeLimitError || error instanceof DisputeNeedsVerificationError) return error.message;
  const code = errorCode(error);
  if (code === 'permission-denied') {
    return `申し立てが受け付けられませんでした。メールアドレスの確認が済んでいること、同時に ${MAX_OPEN_DISPUTES} 件を超えていないことを確かめて、ログインし直してからお試しください。入力した内容は残っています。`;
  }
  if (code === 'unauthenticated') return 'ログインの有効期限が切れました。ログインし直してからお試しください。入力した内容は残っています。';
  if (isNetworkFailure(error)) return NETWORK;
  return '予期しないエラーのため申し立てを送れませんでした。時間をおいて、もう一度お試しください。入力した内容は残っています。';
}
