import { describe, expect, it } from 'vitest';
import { membershipDoc, membershipDocId as schemaDocId, MEMBERSHIP_STATUSES } from '../../src/schema/memberships';
import { declineReasonProblem, MAX_DECLINE_REASON } from '../../src/lib/membership/decline-reason';
import { membershipErrorMessage } from '../../src/lib/membership/errors';
import {
  answerFrom,
  asInstant,
  MEMBERSHIP_LABELS,
  membershipDocId,
  membershipState,
  NO_STORE_REQUEST,
  sameInstant,
  storeRequestFrom,
} from '../../src/lib/membership/state';

const at = (seconds: number, nanoseconds = 0) => ({ seconds, nanoseconds, toDate: () => new Date(seconds * 1000) });

describe('membershipState', () => {
  it('is none without a store', () => {
    expect(membershipState(null, null, null)).toBe('none');
  });

  it('is pending without an answer, or with an answer to an earlier request', () => {
    expect(membershipState('s1', at(100), null)).toBe('pending');
    expect(membershipState('s1', at(200), { status: 'confirmed', requestedAt: at(100), reason: '' })).toBe('pending');
    expect(membershipState('s1', at(100, 5), { status: 'confirmed', requestedAt: at(100, 6), reason: '' })).toBe('pending');
    expect(membershipState('s1', null, { status: 'confirmed', requestedAt: at(100), reason: '' })).toBe('pending');
  });

  it('is the store’s answer to this very request', () => {
    for (const status of MEMBERSHIP_STATUSES) {
      expect(membershipState('s1', at(100, 7), { status, requestedAt: at(100, 7), reason: '' })).toBe(status);
    }
    expect(Object.values(MEMBERSHIP_LABELS)).toEqual(['承認待ち', '所属中', '承認されませんでした', '所属を解除されました']);
  });
});

describe('storeRequestFrom', () => {
  it('reads the store she asks and when', () => {
    const requestedAt = at(100, 3);
    expect(storeRequestFrom({ userId: 't1', storeId: 's1', requestedAt, updatedAt: at(100, 3) })).toEqual({ storeId: 's1', requestedAt });
  });

  it('is no request for a missing document, a cleared one, or one without a usable store', () => {
    for (const data of [undefined, { storeId: null, requestedAt: null }, { storeId: '', requestedAt: at(1) }, { storeId: 42 }]) {
      expect(storeRequestFrom(data)).toEqual(NO_STORE_REQUEST);
    }
  });

  it('keeps a store whose request time is not known yet as pending', () => {
    const request = storeRequestFrom({ storeId: 's1', requestedAt: 'soon' });
    expect(request).toEqual({ storeId: 's1', requestedAt: null });
    expect(membershipState(request.storeId, request.requestedAt, { status: 'confirmed', requestedAt: at(100), reason: '' })).toBe(
      'pending',
    );
  });
});

describe('membership documents', () => {
  it('are named {storeId}_{therapistId} as in the schema', () => {
    expect(membershipDocId('s1', 't1')).toBe(schemaDocId('s1', 't1'));
  });

  it('read the answer and refuse anything else', () => {
    const requestedAt = at(5);
    expect(answerFrom({ status: 'declined', requestedAt })).toEqual({ status: 'declined', requestedAt, reason: '' });
    expect(answerFrom({ status: 'declined', requestedAt, reason: '定員です' })).toEqual({
      status: 'declined',
      requestedAt,
      reason: '定員です',
    });
    // A reason counts only with a decline.
    expect(answerFrom({ status: 'confirmed', requestedAt, reason: '定員です' })?.reason).toBe('');
    expect(answerFrom({ status: 'maybe' })).toBeNull();
    expect(answerFrom(undefined)).toBeNull();
    expect(asInstant('2026-01-01')).toBeNull();
    expect(sameInstant(null, null)).toBe(false);
  });
});

describe('membershipErrorMessage', () => {
  it('says what a refusal means for each action', () => {
    const denied = { code: 'permission-denied' };
    const messages = (['load', 'leave', 'confirm', 'decline', 'remove', 'handles', 'vouch'] as const).map((action) =>
      membershipErrorMessage(denied, action),
    );
    expect(new Set(messages).size).toBe(messages.length);
    expect(membershipErrorMessage(denied, 'confirm')).toContain('承認できませんでした');
    expect(membershipErrorMessage({ code: 'unavailable' }, 'leave')).toContain('通信できなかったため店舗をやめられませんでした');
  });
});

describe('decline reasons', () => {
  const answer = (status: string, reason?: string) => ({
    storeId: 's1',
    userId: 't1',
    status,
    requestedAt: at(1),
    updatedAt: at(2),
    ...(reason === undefined ? {} : { reason }),
  });

  it('the editor refuses over 100 characters (after trimming) in Japanese, and sends a blank as none', () => {
    expect(declineReasonProblem('あ'.repeat(MAX_DECLINE_REASON))).toBeNull();
    expect(declineReasonProblem(`  ${'あ'.repeat(MAX_DECLINE_REASON)}  `)).toBeNull();
    expect(declineReasonProblem('あ'.repeat(MAX_DECLINE_REASON + 1))).toBe('理由は100文字以内で入力してください（いま 101 文字）。');
    expect(declineReasonProblem('   ')).toBeNull();
  });

  it('the schema holds a reason of 1..100 characters, only with a decline (as firestore.rules do)', () => {
    expect(membershipDoc.safeParse(answer('declined', '定員です')).success).toBe(true);
    expect(membershipDoc.safeParse(answer('declined')).success).toBe(true);
    expect(membershipDoc.safeParse(answer('declined', 'あ'.repeat(101))).success).toBe(false);
    expect(membershipDoc.safeParse(answer('declined', '')).success).toBe(false);
    expect(membershipDoc.safeParse(answer('confirmed', '定員です')).success).toBe(false);
    expect(membershipDoc.safeParse(answer('removed', '定員です')).success).toBe(false);
  });
});
