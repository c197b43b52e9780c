import { Timestamp } from 'firebase-admin/firestore';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findEvents, snapshotOf } from '../../scripts/alerts/events';
import { AVAILABLE_NOW_MINUTES, isAvailableAt, windowEnd } from '../../src/lib/available-now';
import { profilesOf, publicAvailableNow, type Derivation } from '../../src/registry/derive';
import { emptyExport } from '../../src/registry/public-collections';
import { emptySourceDocs } from '../../src/registry/source-collections';
import { therapistRecord } from '../factories/public-export';
import { alertWords } from '../../src/lib/alerts/wording';

const NOW = new Date('2026-11-28T05:00:00.000Z'); // 14:00 in Tokyo
const minutesFrom = (at: Date, minutes: number) => new Date(at.getTime() + minutes * 60_000);

describe('a window as the switch writes it', () => {
  it('ends on a whole minute, at least 30 seconds before the rules’ bound and at most 90 seconds early (property)', () => {
    fc.assert(
      fc.property(fc.constantFrom(...AVAILABLE_NOW_MINUTES), fc.integer({ min: 1.7e12, max: 2.2e12 }), (minutes, now) => {
        const end = windowEnd(minutes, now).getTime();
        expect(end % 60_000).toBe(0);
        expect(end).toBeLessThanOrEqual(now + minutes * 60_000 - 30_000);
        expect(end).toBeGreaterThan(now + minutes * 60_000 - 90_000);
      }),
      { seed: 4005 },
    );
  });
  it('is open only before its end', () => {
    expect(isAvailableAt('2026-11-28T06:30:00.000Z', NOW)).toBe(true);
    expect(isAvailableAt(NOW.toISOString(), NOW)).toBe(false);
  });

  it('says the window has ended when read after it', () => {
    const facts = { kind: 'available-now', name: 'ことは', until: minutesFrom(NOW, 30).toISOString() } as const;
    expect(alertWords(facts, minutesFrom(NOW, 31)).title).toBe('ことはさんの今すぐ案内（14:30 まで）は終了しました');
  });
});

describe('the public record', () => {
  const koto = therapistRecord(1, null, { id: 'koto', displayName: 'ことは' });
  const derivation = (docs: [string, Date][]): Derivation => {
    const source = emptySourceDocs();
    for (const [uid, until] of docs) {
      source.availableNow.set(uid, { userId: uid, until: Timestamp.fromDate(until), setBy: uid, updatedAt: Timestamp.fromDate(NOW) });
    }
    return {
      source,
      profiles: profilesOf({ therapists: [koto] }),
      ownerKindOf: () => 'therapist',
      now: NOW,
      photoBase: { bucket: 'demo' },
      firstShiftDate: '2026-11-28',
    };
  };

  it('is made for a public therapist whose window is open, and for no one else', () => {
    const records = publicAvailableNow(
      derivation([
        ['koto', minutesFrom(NOW, 60)],
        ['hidden', minutesFrom(NOW, 60)],
      ]),
    );
    expect(records).toEqual([{ userId: 'koto', until: minutesFrom(NOW, 60).toISOString(), setAt: NOW.toISOString() }]);
  });
  it('leaves out a window that has ended (at the export’s time or before)', () => {
    expect(publicAvailableNow(derivation([['koto', NOW]]))).toEqual([]);
    expect(publicAvailableNow(derivation([['koto', minutesFrom(NOW, -5)]]))).toEqual([]);
  });

  it('says the window has ended when read after it', () => {
    const facts = { kind: 'available-now', name: 'ことは', until: minutesFrom(NOW, 30).toISOString() } as const;
    expect(alertWords(facts, minutesFrom(NOW, 31)).title).toBe('ことはさんの今すぐ案内（14:30 まで）は終了しました');
  });
});

describe('the alert', () => {
  const koto = therapistRecord(1, null, { id: 'koto', displayName: 'ことは' });
  const withWindow = (setAt: Date, until: Date) => ({
    ...emptyExport(),
    therapists: [koto],
    availableNow: [{ userId: 'koto', setAt: setAt.toISOString(), until: until.toISOString() }],
  });

  it('says who and until when, once per window, and again for a new one', () => {
    const first = withWindow(NOW, minutesFrom(NOW, 90));
    const { events, snapshot } = findEvents(snapshotOf({ ...emptyExport(), therapists: [koto] }), first, NOW);
    expect(events.map((event) => [alertWords(event.facts, NOW).title, event.target, event.alert])).toEqual([
      ['ことはさんが今すぐ案内できます（15:30 まで）', 'koto', 'schedule'],
    ]);
    expect(findEvents(snapshot, first, minutesFrom(NOW, 1)).events).toEqual([]);
    const again = withWindow(minutesFrom(NOW, 120), minutesFrom(NOW, 150));
    expect(findEvents(snapshot, again, minutesFrom(NOW, 120)).events.map((event) => alertWords(event.facts, NOW).title)).toEqual([
      'ことはさんが今すぐ案内できます（16:30 まで）',
    ]);
  });

  it('says the window has ended when read after it', () => {
    const facts = { kind: 'available-now', name: 'ことは', until: minutesFrom(NOW, 30).toISOString() } as const;
    expect(alertWords(facts, minutesFrom(NOW, 31)).title).toBe('ことはさんの今すぐ案内（14:30 まで）は終了しました');
  });
});
