import { describe, expect, it } from 'vitest';
import { isUnread } from '../../src/lib/announcements/unread';
import { timestampMillis } from '../../src/lib/firebase/rest-values';

describe('the bell dot', () => {
  const at = (iso: string) => timestampMillis({ timestampValue: iso });

  it('shows when the newest announcement is later than the last check', () => {
    expect(isUnread(at('2026-11-22T10:00:01Z'), at('2026-11-22T10:00:00Z'))).toBe(true);
  });
  it('stays off when the last check is at or after the newest announcement', () => {
    expect(isUnread(at('2026-11-22T10:00:00Z'), at('2026-11-22T10:00:00Z'))).toBe(false);
    expect(isUnread(at('2026-11-22T09:00:00Z'), at('2026-11-22T10:00:00Z'))).toBe(false);
  });
  it('treats a missing last check as the epoch, so any announcement is unread', () => {
    expect(isUnread(at('2020-01-01T00:00:00Z'), timestampMillis(undefined))).toBe(true);
  });
  it('stays off with no announcements at all', () => {
    expect(isUnread(timestampMillis(undefined), timestampMillis(undefined))).toBe(false);
  });
  it('reads nanosecond REST timestamps', () => {
    expect(at('2026-11-22T10:00:00.123456Z')).toBe(Date.parse('2026-11-22T10:00:00.123Z'));
  });
});
