import { describe, expect, it } from 'vitest';
import * as caps from '../../src/lib/caps';
import { MAX_FAVORITES, MAX_HANDLE_WATCHES } from '../../src/schema/favorites';
import { MAX_FORMER_HANDLES } from '../../src/schema/frozen-accounts';
import { disputeDoc, MAX_OPEN_DISPUTES, MAX_OPEN_REPORTS, REPORT_REASONS, storeVerificationRequestDoc } from '../../src/schema/moderation';
import { reportDoc } from '../../src/registry/reports';
import { MAX_SHIFTS_PER_DAY, SHIFT_DAYS_AHEAD } from '../../src/schema/schedules';
import { MAX_HELD_SLUGS, SLUG_HOLD_DAYS } from '../../src/schema/slugs';
import { MAX_PUSH_TOKENS } from '../../src/schema/users';
import * as report from '../../src/lib/reports/report';

describe('caps mirror the schemas', () => {
  it('has the same numbers', () => {
    expect(caps.SLUG_HOLD_DAYS).toBe(SLUG_HOLD_DAYS);
    expect(caps.MAX_HELD_SLUGS).toBe(MAX_HELD_SLUGS);
    expect(caps.MAX_FORMER_HANDLES).toBe(MAX_FORMER_HANDLES);
    expect(caps.MAX_OPEN_DISPUTES).toBe(MAX_OPEN_DISPUTES);
    expect(caps.MAX_OPEN_REPORTS).toBe(MAX_OPEN_REPORTS);
    expect(caps.MAX_SHIFTS_PER_DAY).toBe(MAX_SHIFTS_PER_DAY);
    expect(caps.SHIFT_DAYS_AHEAD).toBe(SHIFT_DAYS_AHEAD);
    expect(caps.MAX_PUSH_TOKENS).toBe(MAX_PUSH_TOKENS);
    expect(caps.MAX_FAVORITES).toBe(MAX_FAVORITES);
    expect(caps.MAX_HANDLE_WATCHES).toBe(MAX_HANDLE_WATCHES);
  });

  it('bounds evidence, report text and a verification note as the schemas do', () => {
    const base = { userId: 'u', handleId: 'x_miu', kind: 'former', createdAt: { toDate: () => new Date() } };
    expect(disputeDoc.safeParse({ ...base, evidence: 'a'.repeat(caps.DISPUTE_EVIDENCE_MAX) }).success).toBe(true);
    expect(disputeDoc.safeParse({ ...base, evidence: 'a'.repeat(caps.DISPUTE_EVIDENCE_MAX + 1) }).success).toBe(false);
    const doc = { userId: 'u', targetPath: 'accounts/u2', reason: 'spam', createdAt: { toDate: () => new Date() } };
    expect(reportDoc.safeParse({ ...doc, text: 'a'.repeat(caps.REPORT_TEXT_MAX) }).success).toBe(true);
    expect(reportDoc.safeParse({ ...doc, text: 'a'.repeat(caps.REPORT_TEXT_MAX + 1) }).success).toBe(false);
    const request = { requestedAt: { toDate: () => new Date() } };
    expect(storeVerificationRequestDoc.safeParse({ ...request, note: 'a'.repeat(caps.VERIFICATION_NOTE_MAX) }).success).toBe(true);
    expect(storeVerificationRequestDoc.safeParse({ ...request, note: 'a'.repeat(caps.VERIFICATION_NOTE_MAX + 1) }).success).toBe(false);
  });

  it('report reasons are the schema’s', () => {
    expect(report.REPORT_REASONS).toEqual(REPORT_REASONS);
  });
});

describe('firstFreeSlot / freeSlots', () => {
  it('finds the lowest free slot, or null when all are used', () => {
    expect(caps.firstFreeSlot([], 3)).toBe(0);
    expect(caps.firstFreeSlot([0, 2], 3)).toBe(1);
    expect(caps.firstFreeSlot([0, 1, 2], 3)).toBeNull();
    expect(caps.freeSlots([1, 3], 5)).toEqual([0, 2, 4]);
  });
});
