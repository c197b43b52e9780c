/** The encrypted backup file, the restore plan, and the outbox that keeps offline edits. */
import { describe, expect, it } from 'vitest';
import { backupJson, openBackup, parseBackup, planRestore } from '../../src/lib/notebook/backup';
import { encodeCustomer, type Customer } from '../../src/lib/notebook/customer';
import { createNotebookKey, newKdfParams, sealRecord } from '../../src/lib/notebook/envelope';
import { NotebookError } from '../../src/lib/notebook/errors';
import { Outbox, outboxKey, type OutboxEntry } from '../../src/lib/notebook/outbox';
import { newRecoveryCode } from '../../src/lib/notebook/recovery-code';
import { isSlot, MAX_CUSTOMERS, pickFreeSlot } from '../../src/lib/notebook/stored-shape';
import { MAX_CUSTOMERS as CAPS_MAX_CUSTOMERS } from '../../src/lib/caps';
import { nodeDerive } from './notebook-kdf-node';

const UID = 'alice';
const customer = (nickname: string, updatedAt = 1): Customer => ({
  id: `id-${nickname}`,
  nickname,
  ng: false,
  tags: [],
  notes: '',
  visits: [],
  createdAt: 1,
  updatedAt,
});

async function backupOf(customers: Customer[]) {
  const derive = nodeDerive();
  const code = newRecoveryCode();
  // The real cost: parseBackup, like the rules, refuses a weaker KDF.
  const { fields, key } = await createNotebookKey(UID, 'pass-phrase', code, derive, newKdfParams());
  const records = await Promise.all(
    customers.map(async (c, n) => ({ slot: String(n), ...(await sealRecord(key, UID, String(n), encodeCustomer(c))) })),
  );
  return { derive, code, text: backupJson(UID, fields, records) };
}

/** Each of these derives keys with argon2id at the notebook's real cost: seconds on a busy 2-core machine. */
const KDF_TIMEOUT_MS = 30_000;

describe('backup file', () => {
  it(
    'holds no plaintext, and opens with the passphrase or the recovery code',
    async () => {
      const customers = [customer('たなかさん'), customer('Kさん')];
      const { text, derive, code } = await backupOf(customers);
      expect(text).not.toContain('たなかさん');
      expect(text).not.toContain('Kさん');
      const backup = parseBackup(text);
      expect(await openBackup(backup, { kind: 'passphrase', passphrase: 'pass-phrase' }, derive)).toEqual(customers);
      expect(await openBackup(backup, { kind: 'recovery', code }, derive)).toEqual(customers);
    },
    KDF_TIMEOUT_MS,
  );

  it(
    'returns nothing when the passphrase is wrong or any one record was altered',
    async () => {
      const { text, derive } = await backupOf([customer('A'), customer('B')]);
      await expect(openBackup(parseBackup(text), { kind: 'passphrase', passphrase: 'wrong' }, derive)).rejects.toMatchObject({
        reason: 'wrong-passphrase',
      });
      const data = JSON.parse(text);
      [data.records[0].iv, data.records[1].iv] = [data.records[1].iv, data.records[0].iv];
      await expect(
        openBackup(parseBackup(JSON.stringify(data)), { kind: 'passphrase', passphrase: 'pass-phrase' }, derive),
      ).rejects.toMatchObject({
        reason: 'tampered',
      });
    },
    KDF_TIMEOUT_MS,
  );

  it('refuses files that are not a notebook backup', () => {
    for (const text of ['', 'not json', '{}', JSON.stringify({ format: 'theralink-customer-notebook-backup', version: 1 })]) {
      expect(() => parseBackup(text)).toThrow(NotebookError);
    }
  });
});

describe('restore plan', () => {
  const slots = (n: number) => () => String(n);

  it('adds new customers in free slots and replaces only older copies of the same customer', () => {
    const current = [
      { slot: '4', customer: customer('A', 5) },
      { slot: '9', customer: customer('B', 5) },
    ];
    const plan = planRestore(current, [customer('A', 9), customer('B', 1), customer('C', 1)], (used) => pickFreeSlot(used));
    expect(plan.kept).toBe(1);
    expect(plan.writes.map((w) => [w.customer.nickname, w.isNew])).toEqual([
      ['A', false],
      ['C', true],
    ]);
    expect(plan.writes[0]!.slot).toBe('4');
    expect(isSlot(plan.writes[1]!.slot)).toBe(true);
    expect(['4', '9']).not.toContain(plan.writes[1]!.slot);
  });

  it('refuses before writing anything when the notebook is full', () => {
    expect(() => planRestore([], [customer('A'), customer('B')], (used) => (used.size === 0 ? slots(0)() : null))).toThrow(NotebookError);
  });
});

describe('slots', () => {
  it('are 0..4999 (the count cap), the same number as caps.ts', () => {
    expect(MAX_CUSTOMERS).toBe(5000);
    expect(CAPS_MAX_CUSTOMERS).toBe(5000);
    for (const ok of ['0', '9', '4999', '1234']) expect(isSlot(ok)).toBe(true);
    for (const bad of ['5000', '01', '-1', 'a', '', '10000']) expect(isSlot(bad)).toBe(false);
  });

  it('picks a free one, or none when all are used', () => {
    const used = new Set(Array.from({ length: MAX_CUSTOMERS - 1 }, (_, n) => String(n)));
    expect(pickFreeSlot(used)).toBe('4999');
    used.add('4999');
    expect(pickFreeSlot(used)).toBeNull();
  });
});

describe('outbox', () => {
  const memory = () => {
    const map = new Map<string, string>();
    return {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => void map.set(k, v),
      removeItem: (k: string) => void map.delete(k),
      map,
    };
  };
  const put = (op: 'create' | 'update', slot: string, ciphertext: string): OutboxEntry => ({
    op,
    slot,
    iv: 'AAAAAAAAAAAAAAAA',
    ciphertext,
  });

  it('survives a reload (it is stored), and holds only sealed data', () => {
    const storage = memory();
    new Outbox(storage, outboxKey(UID)).add(put('create', '1', 'c1'));
    const again = new Outbox(storage, outboxKey(UID));
    expect(again.entries()).toEqual([put('create', '1', 'c1')]);
    expect([...storage.map.keys()]).toEqual(['theralink:notebook-outbox:alice']);
  });

  it('merges a waiting edit into the waiting write of the same slot, keeping a create a create', () => {
    const outbox = new Outbox(memory(), 'k');
    outbox.add(put('create', '1', 'c1'));
    outbox.add(put('update', '1', 'c2'));
    outbox.add(put('update', '2', 'd1'));
    expect(outbox.entries()).toEqual([put('create', '1', 'c2'), put('update', '2', 'd1')]);
  });

  it('drops a waiting create when that customer is deleted, but still sends the delete', () => {
    const outbox = new Outbox(memory(), 'k');
    outbox.add(put('create', '1', 'c1'));
    outbox.add({ op: 'delete', slot: '1' });
    expect(outbox.entries()).toEqual([{ op: 'delete', slot: '1' }]);
  });

  it('never merges into an entry being sent', () => {
    const outbox = new Outbox(memory(), 'k');
    outbox.add(put('create', '1', 'c1'));
    expect(outbox.take(10)).toHaveLength(1);
    outbox.add(put('update', '1', 'c2'));
    expect(outbox.entries()).toEqual([put('create', '1', 'c1'), put('update', '1', 'c2')]);
    outbox.done(1);
    expect(outbox.entries()).toEqual([put('update', '1', 'c2')]);
    outbox.release();
    outbox.add(put('update', '1', 'c3'));
    expect(outbox.entries()).toEqual([put('update', '1', 'c3')]);
  });

  it('says so when the browser cannot keep it', () => {
    const outbox = new Outbox(
      {
        getItem: () => null,
        setItem: () => {
          throw new Error('QuotaExceededError');
        },
        removeItem: () => undefined,
      },
      'k',
    );
    expect(() => outbox.add(put('create', '1', 'c1'))).toThrow(NotebookError);
  });
});
