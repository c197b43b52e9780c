import { describe, expect, it } from 'vitest';
import type { FavoriteKind } from '../../src/islands/favorite-button/markup';
import { FavoriteToggles } from '../../src/islands/favorite-button/toggles';

/** A write the test finishes when it wants, to tap while it is under way. */
function deferred() {
  let settle!: { resolve: () => void; reject: (error: unknown) => void };
  const promise = new Promise<void>((resolve, reject) => (settle = { resolve, reject }));
  return { promise, ...settle };
}

/** Toggles whose writes wait for the test, recording what was written and shown. */
function harness(saved: string[] = []) {
  const writes: string[] = [];
  const pending: ReturnType<typeof deferred>[] = [];
  const shown: [string, boolean, boolean][] = [];
  const failures: [string, unknown][] = [];
  const write = (what: string) => {
    writes.push(what);
    const next = deferred();
    pending.push(next);
    return next.promise;
  };
  const toggles = new FavoriteToggles(
    saved,
    {
      add: (uid: string, kind: FavoriteKind) => write(`add ${uid} ${kind}`),
      remove: (uid: string) => write(`remove ${uid}`),
    },
    { show: (uid, on, busy) => void shown.push([uid, on, busy]), failed: (uid, error) => void failures.push([uid, error]) },
  );
  /** Lets the write loop run up to its next await. */
  const flush = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { toggles, writes, pending, shown, failures, flush };
}

describe('FavoriteToggles', () => {
  it('shows ★ at once, writes once, and shows it saved when the write succeeds', async () => {
    const { toggles, writes, pending, shown, failures } = harness();
    const done = toggles.toggle('miu', 'therapist');
    expect(shown).toEqual([['miu', true, true]]);
    expect(toggles.isOn('miu')).toBe(true);
    pending[0]!.resolve();
    await done;
    expect(writes).toEqual(['add miu therapist']);
    expect(shown.at(-1)).toEqual(['miu', true, false]);
    expect(failures).toEqual([]);
  });

  it('removes a saved 推し', async () => {
    const { toggles, writes, pending, shown } = harness(['shop']);
    expect(toggles.isOn('shop')).toBe(true);
    const done = toggles.toggle('shop', 'store');
    expect(shown).toEqual([['shop', false, true]]);
    pending[0]!.resolve();
    await done;
    expect(writes).toEqual(['remove shop']);
    expect(toggles.isOn('shop')).toBe(false);
  });

  it('learns saved 推し as the page’s lookups answer, and a tap on one removes it', async () => {
    const { toggles, writes, pending } = harness();
    expect(toggles.isOn('miu')).toBe(false);
    toggles.know(['miu', 'shop']);
    expect(toggles.isOn('miu')).toBe(true);
    expect(toggles.isOn('rin')).toBe(false);
    const done = toggles.toggle('miu', 'therapist');
    pending[0]!.resolve();
    await done;
    expect(writes).toEqual(['remove miu']);
  });

  it('rolls back and reports the error when the write fails (e.g. the cap)', async () => {
    const { toggles, pending, shown, failures } = harness();
    const done = toggles.toggle('miu', 'therapist');
    const cap = new Error('推しは 500 件まで登録できます。');
    pending[0]!.reject(cap);
    await done;
    expect(failures).toEqual([['miu', cap]]);
    expect(shown.at(-1)).toEqual(['miu', false, false]);
    expect(toggles.isOn('miu')).toBe(false);
  });

  it('settles on the last tap: on then off during the write adds, then removes', async () => {
    const { toggles, writes, pending, shown, flush } = harness();
    const done = toggles.toggle('miu', 'therapist');
    await toggles.toggle('miu', 'therapist');
    expect(shown).toEqual([
      ['miu', true, true],
      ['miu', false, true],
    ]);
    pending[0]!.resolve();
    await flush();
    expect(writes).toEqual(['add miu therapist', 'remove miu']);
    pending[1]!.resolve();
    await done;
    expect(shown.at(-1)).toEqual(['miu', false, false]);
  });

  it('writes nothing more when taps during a write end where it does', async () => {
    const { toggles, writes, pending } = harness();
    const done = toggles.toggle('miu', 'therapist');
    await toggles.toggle('miu', 'therapist');
    await toggles.toggle('miu', 'therapist');
    pending[0]!.resolve();
    await done;
    expect(writes).toEqual(['add miu therapist']);
    expect(toggles.isOn('miu')).toBe(true);
  });

  it('keeps targets apart', async () => {
    const { toggles, writes, pending } = harness(['shop']);
    const one = toggles.toggle('miu', 'therapist');
    const two = toggles.toggle('shop', 'store');
    pending[0]!.resolve();
    pending[1]!.reject(new Error('offline'));
    await Promise.all([one, two]);
    expect(writes).toEqual(['add miu therapist', 'remove shop']);
    expect([toggles.isOn('miu'), toggles.isOn('shop')]).toEqual([true, true]);
  });
});
