import { describe, expect, it } from 'vitest';
import { disputeDoc } from '../../src/schema/moderation';
import {
  disputeDocId,
  disputeErrorMessage,
  DisputeLimitError,
  DisputeNeedsVerificationError,
  evidenceProblem,
} from '../../src/lib/disputes/dispute';
import {
  REPORT_REASON_LABELS,
  reportDocId,
  reportErrorMessage,
  ReportLimitError,
  reportProblems,
  reportTargetFrom,
  reportTargetLabel,
} from '../../src/lib/reports/report';
import { REPORT_TARGETS } from '../../src/registry/reports';

describe('disputes', () => {
  it('need 1..1000 characters of evidence, naming the limit', () => {
    expect(evidenceProblem('  ')).toContain('入力してください');
    expect(evidenceProblem('本人です')).toBeNull();
    expect(evidenceProblem('a'.repeat(1001))).toBe('申し立ての内容は 1000 文字以内にしてください（いま 1001 文字）。');
  });

  it('are disputes/{uid}_{slot}, and a written one fits the schema', () => {
    expect(disputeDocId('u1', 2)).toBe('u1_2');
    const written = {
      userId: 'u1',
      handleId: 'x_miu_0312',
      kind: 'current',
      evidence: '本人です',
      createdAt: { toDate: () => new Date() },
    };
    expect(disputeDoc.safeParse(written).success).toBe(true);
  });

  it('say the limit, the verification and each refusal in Japanese', () => {
    expect(disputeErrorMessage(new DisputeLimitError())).toBe(
      '申し立ては同時に 3 件までです。運営が確認を終えるまでお待ちください。入力した内容は残っています。',
    );
    expect(disputeErrorMessage(new DisputeNeedsVerificationError())).toContain('メールアドレスの確認が必要です');
    expect(disputeErrorMessage({ code: 'permission-denied' })).toContain('受け付けられませんでした');
    expect(disputeErrorMessage(new TypeError('Failed to fetch'))).toContain('通信できなかった');
  });
});

describe('reports', () => {
  it('take the target from the query, only when it is a public document path', () => {
    expect(reportTargetFrom('?target=accounts/abc123', REPORT_TARGETS)).toBe('accounts/abc123');
    expect(reportTargetFrom('?target=stores%2Fs-1', REPORT_TARGETS)).toBe('stores/s-1');
    expect(reportTargetFrom('?target=users/abc', REPORT_TARGETS)).toBeNull();
    expect(reportTargetFrom('?target=schedules/abc', REPORT_TARGETS)).toBeNull();
    expect(reportTargetFrom('?target=accounts/a/b', REPORT_TARGETS)).toBeNull();
    expect(reportTargetFrom('', REPORT_TARGETS)).toBeNull();
    expect(reportTargetLabel('accounts/x', REPORT_TARGETS)).toBe('セラピストのプロフィール');
    expect(reportTargetLabel('frozenAccounts/x_miu', REPORT_TARGETS)).toBe('旧アカウントの登録');
    expect(reportTargetLabel('constructor/x', REPORT_TARGETS)).toBe('公開されている内容');
  });

  it('need a reason, and at most 1000 characters of text', () => {
    expect(Object.values(REPORT_REASON_LABELS)).toEqual(['なりすまし', 'スパム', '不適切な内容', 'その他']);
    expect(reportProblems({ reason: '', text: '' })).toEqual({ reason: '報告の理由を選んでください。' });
    expect(reportProblems({ reason: 'spam', text: '' })).toEqual({});
    expect(reportProblems({ reason: 'other', text: 'a'.repeat(1001) }).text).toBe(
      '詳しい内容は 1000 文字以内にしてください（いま 1001 文字）。',
    );
  });

  it('are reports/{uid}_{slot}, with a message at 20 open reports', () => {
    expect(reportDocId('u1', 19)).toBe('u1_19');
    expect(reportErrorMessage(new ReportLimitError())).toBe(
      '未対応の報告が 20 件あるため、いまは報告を送れません。運営が確認を進めるまでお待ちください。入力した内容は残っています。',
    );
    expect(reportErrorMessage({ code: 'permission-denied' })).toContain('受け付けられませんでした');
  });
});
