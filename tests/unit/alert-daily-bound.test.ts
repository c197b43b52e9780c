/**
 * The daily bound, per fan (scripts/alerts/daily-bound.ts): only events of
 * kinds she wants that happened after her 推し began count; her first
 * ALERTS_PER_DAY alert one by one, the rest fold into a digest by kind.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ALERTS_PER_DAY, fanShare, type FanDay } from '../../scripts/alerts/daily-bound';
import type { DayEvent } from '../../scripts/alerts/state';
import { ALERT_KINDS, type AlertKind } from '../../src/schema/users';

const at = (minute: number) => new Date(Date.UTC(2026, 10, 22, 0, minute)).toISOString();
const event = (n: number, alert: AlertKind, minute = n): DayEvent => ({ id: `e${n}`, alert, at: at(minute) });
const fan = (sinceMinute: number | null, off: AlertKind[] = []): FanDay => ({
  since: sinceMinute === null ? null : new Date(at(sinceMinute)),
  off: new Set(off),
});

describe('fanShare', () => {
  it('the issue: handle, blog and post before she followed do not count; the shift after is her first alert', () => {
    const day = [event(1, 'handle'), event(2, 'blog'), event(3, 'post'), event(4, 'post'), event(10, 'schedule')];
    expect(fanShare(day, fan(5))).toEqual({ type: 'alert' });
    // Events from before are nothing to her, not even when delivered late.
    expect(fanShare(day.slice(0, 3), fan(5))).toEqual({ type: 'none' });
    // A fan from before the day hears the shift as her fifth: a digest naming kinds and counts.
    expect(fanShare(day, fan(0))).toEqual({
      type: 'digest',
      counts: [
        { kind: 'post', count: 1 },
        { kind: 'schedule', count: 1 },
      ],
    });
  });

  it('kinds she turned off neither alert nor count', () => {
    const day = [event(1, 'post'), event(2, 'post'), event(3, 'post'), event(4, 'blog')];
    expect(fanShare(day, fan(0, ['post']))).toEqual({ type: 'alert' });
    expect(fanShare(day.slice(0, 3), fan(0, ['post']))).toEqual({ type: 'none' });
  });

  it('a row without a time counts everything', () => {
    const day = [event(1, 'post'), event(2, 'post'), event(3, 'post'), event(4, 'blog')];
    expect(fanShare(day, fan(null))).toEqual({ type: 'digest', counts: [{ kind: 'blog', count: 1 }] });
  });

  it('for any day and any fan: alerts one by one only within her first ALERTS_PER_DAY, and the digest counts what she followed past them', () => {
    const dayArb = fc.array(fc.tuple(fc.constantFrom(...ALERT_KINDS), fc.integer({ min: 0, max: 600 })), { minLength: 1, maxLength: 13 });
    const fanArb = fc.record({
      since: fc.option(fc.integer({ min: 0, max: 600 }), { nil: null }),
      off: fc.subarray([...ALERT_KINDS]),
    });
    fc.assert(
      fc.property(dayArb, fanArb, (raw, f) => {
        const day = raw.map(([alert, minute], i) => event(i, alert, minute));
        const who = fan(f.since, f.off);
        const share = fanShare(day, who);
        const hers = day.filter((e) => !who.off.has(e.alert) && (f.since === null || Date.parse(e.at) >= Date.parse(at(f.since))));
        const last = day.at(-1)!;
        if (!hers.includes(last)) expect(share).toEqual({ type: 'none' });
        else if (hers.length <= ALERTS_PER_DAY) expect(share).toEqual({ type: 'alert' });
        else {
          expect(share.type).toBe('digest');
          const counts = share.type === 'digest' ? share.counts : [];
          expect(counts.reduce((sum, c) => sum + c.count, 0)).toBe(hers.length - ALERTS_PER_DAY);
          for (const c of counts) expect(who.off.has(c.kind)).toBe(false);
        }
      }),
      { seed: 40, numRuns: 1000 },
    );
  });
});
