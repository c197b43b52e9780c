/**
 * A report about public content (reports/{uid}_{0..19}): what is
 * reported (a document path, from /report?target=…), why, and a note.
 * Its reasons mirror src/schema/moderation.ts (the unit tests hold them
 * equal) so the island needs no zod; what may be reported comes from the
 * registry (src/registry/reports.ts), handed to the island by its page.
 * Pure.
 */
import { MAX_OPEN_REPORTS, REPORT_TEXT_MAX } from '../caps';
import { errorCode, isNetworkFailure } from '../firebase/error-code';

export const REPORT_REASONS = ['impersonation', 'spam', 'inappropriate', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  impersonation: 'なりすまし',
  spam: 'スパム',
  inappropriate: '不適切な内容',
  other: 'その他',
};

/** What the report form calls each reportable collection's documents, by collection (src/registry/reports.ts REPORT_TARGETS). */
export type ReportTargets = Readonly<Record<string, string>>;

/** A document of one of `collections`, named by its path: `{collection}/{id}`. */
export function reportTargetPattern(collections: readonly string[]): RegExp {
  return new RegExp(`^(${collections.join('|')})/[A-Za-z0-9_-]{1,128}$`);
}

/** The target path from the page's query (?target=accounts/uid), or null when it is missing, malformed or not reportable. */
export function reportTargetFrom(search: string, targets: ReportTargets): string | null {
  const target = new URLSearchParams(search).get('target') ?? '';
  return reportTargetPattern(Object.keys(targets)).test(target) ? target : null;
}

/** 「セラピストのプロフィール」 for accounts/…, and so on. */
export function reportTargetLabel(target: string, targets: ReportTargets): string {
  const collection = target.split('/')[0] ?? '';
  return Object.hasOwn(targets, collection) ? targets[collection]! : '公開されている内容';
}

export interface ReportDraft {
  /** '' until one is chosen. */
  reason: ReportReason | '';
  text: string;
}

export type ReportProblems = Partial<Record<keyof ReportDraft, string>>;

export function reportProblems(draft: ReportDraft): ReportProblems {
  const problems: ReportProblems = {};
  if (!(REPORT_REASONS as readonly string[]).includes(draft.reason)) problems.reason = '報告の理由を選んでください。';
  const length = draft.text.trim().length;
  if (length > REPORT_TEXT_MAX) problems.text = `詳しい内容は ${REPORT_TEXT_MAX} 文字以内にしてください（いま ${length} 文字）。`;
  return problems;
}

export function reportDocId(uid: string, slot: number): string {
  return `${uid}_${slot}`;
}

/** Every slot was refused: she has MAX_OPEN_REPORTS reports the operator has not closed yet. */
export class ReportLimitError extends Error {
  readonly code = 'report/limit';
  constructor() {
    super(
      `未対応の報告が ${MAX_OPEN_REPORTS} 件あるため、いまは報告を送れません。運営が確認を進めるまでお待ちください。入力した内容は残っています。`,
    );
  }
}

export function reportErrorMessage(error: unknown): string {
  if (error instanceof ReportLimitError) return error.message;
  const code = errorCode(error);
  if (code === 'permission-denied')
    return 'この報告は受け付けられませんでした。ログインし直してから、もう一度お試しください。入力した内容は残っています。';
  if (code === 'unauthenticated') return 'ログインの有効期限が切れました。ログインし直してからお試しください。入力した内容は残っています。';
  if (isNetworkFailure(error)) {
    return '通信できなかったため報告を送れませんでした。インターネット接続を確かめて、もう一度お試しください。入力した内容は残っています。';
  }
  return '予期しないエラーのため報告を送れませんでした。時間をおいて、もう一度お試しください。入力した内容は残っています。';
}
