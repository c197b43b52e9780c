/** The idle lock's timing, and the stored shapes: the hand checks the islands use agree with the zod schemas. */
import { Timestamp } from 'firebase/firestore';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOTEBOOK_ARGON2 } from '../../src/lib/notebook/argon2';
import { IDLE_LOCK_MS, watchIdle } from '../../src/lib/notebook/idle';
import { readKeyFields, readSealedRecord, STORED_LENGTHS } from '../../src/lib/notebook/stored-shape';
import { schemaForPath } from '../../src/registry/firestore-schemas';
import { customerRecordDoc, notebookKeyDoc } from '../../src/schema/customers';

class Events {
  listeners = new Map<string, Set<() => void>>();
  addEventListener(type: string, listener: () => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: () => void) {
    this.listeners.get(type)?.delete(listener);
  }
  fire(type: string) {
    for (const listener of this.listeners.get(type) ?? []) listener();
  }
}

describe('idle lock', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('fires once after 15 minutes without interaction; activity postpones it; stop removes the listeners', () => {
    vi.useFakeTimers();
    const target = new Events();
    const visibility = new Events();
    const onIdle = vi.fn();
    const stop = watchIdle(onIdle, { target, visibility, now: () => Date.now() });
    expect(IDLE_LOCK_MS).toBe(15 * 60 * 1000);
    vi.advanceTimersByTime(14 * 60 * 1000);
    target.fire('pointerdown');
    vi.advanceTimersByTime(14 * 60 * 1000);
    expect(onIdle).not.toHaveBeenCalled();
    vi.advanceTimersByTime(60 * 1000 + 15_000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(60 * 60 * 1000);
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
    expect([...target.listeners.values()].every((set) => set.size === 0)).toBe(true);
  });

  it('checks when the tab comes back (background timers may have slept)', () => {
    let clock = 0;
    const visibility = new Events();
    const onIdle = vi.fn();
    const stop = watchIdle(onIdle, { target: new Events(), visibility, now: () => clock, checkEveryMs: 10 ** 9 });
    clock = IDLE_LOCK_MS + 1;
    visibility.fire('visibilitychange');
    expect(onIdle).toHaveBeenCalledTimes(1);
    stop();
  });
});

describe('stored shapes agree with the schemas', () => {
  const at = Timestamp.now();
  const b64 = (length: number) => 'A'.repeat(length - 2) + '==';
  const key = {
    version: 1,
    kdf: { algorithm: 'argon2id', version: 19, ...NOTEBOOK_ARGON2, salt: b64(24) },
    passphraseWrap: { iv: 'A'.repeat(16), ciphertext: 'A'.repeat(64) },
    recoveryWrap: { algorithm: 'hkdf-sha256', salt: b64(24), iv: 'A'.repeat(16), ciphertext: 'A'.repeat(64) },
  };
  const record = { iv: 'A'.repeat(16), ciphertext: 'A'.repeat(364) };

  it('registers the notebook paths', () => {
    expect(schemaForPath('customers/u1')).toBe(notebookKeyDoc);
    expect(schemaForPath('customers/u1/records/17')).toBe(customerRecordDoc);
    expect(schemaForPath('customers/u1/items/c1')).toBeUndefined();
  });

  it.each([
    ['the valid key', {}, true],
    ['a weaker KDF', { kdf: { ...key.kdf, memoryKiB: 1024 } }, false],
    ['a plaintext field', { nickname: 'たなかさん' }, false],
    ['a short wrap', { passphraseWrap: { iv: 'A'.repeat(16), ciphertext: 'A'.repeat(60) } }, false],
  ])('key document: %s', (_what, overrides, ok) => {
    const data = { ...key, ...overrides };
    expect(notebookKeyDoc.safeParse({ ...data, createdAt: at, updatedAt: at }).success).toBe(ok);
    // The island ignores unknown keys on read but refuses what the rules refuse.
    if (!('nickname' in overrides)) expect(readKeyFields(data) !== null).toBe(ok);
  });

  it.each([
    ['the valid record', {}, true],
    ['the largest ciphertext', { ciphertext: 'A'.repeat(STORED_LENGTHS.recordMax) }, true],
    ['a larger one', { ciphertext: 'A'.repeat(STORED_LENGTHS.recordMax + 4) }, false],
    ['text that is not base64', { ciphertext: 'たなかさん'.repeat(20) }, false],
    ['a 12-character IV', { iv: 'A'.repeat(12) }, false],
  ])('record: %s', (_what, overrides, ok) => {
    const data = { ...record, ...overrides };
    expect(customerRecordDoc.safeParse({ ...data, createdAt: at, updatedAt: at }).success).toBe(ok);
    expect(readSealedRecord(data) !== null).toBe(ok);
  });
});
