/**
 * The notebook's encryption: round trip, wrong secrets refused with a
 * clear message and nothing opened, any change to a stored record
 * detected, and a passphrase change that keeps every record readable.
 */
import { describe, expect, it } from 'vitest';
import { NOTEBOOK_ARGON2 } from '../../src/lib/notebook/argon2';
import { fromBase64, toBase64, utf8 } from '../../src/lib/notebook/bytes';
import { decodeCustomer, encodeCustomer, type Customer } from '../../src/lib/notebook/customer';
import {
  createNotebookKey,
  newKdfParams,
  openRecord,
  rewrapPassphrase,
  sealRecord,
  unlockNotebook,
  type NotebookKeyFields,
} from '../../src/lib/notebook/envelope';
import { NotebookError } from '../../src/lib/notebook/errors';
import { newRecoveryCode } from '../../src/lib/notebook/recovery-code';
import { readKeyFields, readSealedRecord } from '../../src/lib/notebook/stored-shape';
import { nodeDerive, TEST_COST } from './notebook-kdf-node';

const UID = 'therapist-alice';
const PASSPHRASE = 'さくらの合言葉 2026';

function customer(nickname: string, overrides: Partial<Customer> = {}): Customer {
  return {
    id: crypto.randomUUID(),
    nickname,
    ng: false,
    tags: ['常連'],
    notes: `${nickname}のメモ`,
    visits: [{ id: 'v1', date: '2026-11-20', course: 'アロマ', minutes: 90, memo: '強め' }],
    createdAt: 1,
    updatedAt: 2,
    ...overrides,
  };
}

async function notebook(cost: Parameters<typeof newKdfParams>[0] = TEST_COST) {
  const derive = nodeDerive();
  const recoveryCode = newRecoveryCode();
  const created = await createNotebookKey(UID, PASSPHRASE, recoveryCode, derive, newKdfParams(cost));
  return { derive, recoveryCode, ...created };
}

/** Expects a NotebookError of `reason` whose message is Japanese text. */
async function expectNotebookError(promise: Promise<unknown>, reason: NotebookError['reason']) {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(NotebookError);
  expect((error as NotebookError).reason).toBe(reason);
  expect((error as NotebookError).message).toMatch(/[\u3040-\u30ff]/);
  return error as NotebookError;
}

describe('set-up and unlock', () => {
  it('stores only the envelope: KDF parameters, wraps, no key and no plaintext', async () => {
    const { fields } = await notebook(NOTEBOOK_ARGON2);
    expect(readKeyFields(fields as unknown as Record<string, unknown>)).toEqual(fields);
    expect(fields.kdf).toMatchObject({ algorithm: 'argon2id', version: 19, memoryKiB: 65536, iterations: 3, parallelism: 4 });
    expect(Object.keys(fields).sort()).toEqual(['kdf', 'passphraseWrap', 'recoveryWrap', 'version']);
    expect(JSON.stringify(fields)).not.toContain(PASSPHRASE);
  }, 30_000);

  it('round-trips a record with the key unlocked by the passphrase and by the recovery code', async () => {
    const { fields, key, derive, recoveryCode } = await notebook();
    const miu = customer('みうさん');
    const sealed = await sealRecord(key, UID, '7', encodeCustomer(miu));
    expect(readSealedRecord(sealed as unknown as Record<string, unknown>)).toEqual(sealed);
    expect(Buffer.from(fromBase64(sealed.ciphertext)).toString('utf8')).not.toContain('みう');

    const byPassphrase = await unlockNotebook(fields, UID, { kind: 'passphrase', passphrase: PASSPHRASE }, derive);
    expect(decodeCustomer(await openRecord(byPassphrase, UID, '7', sealed))).toEqual(miu);
    const byCode = await unlockNotebook(fields, UID, { kind: 'recovery', code: recoveryCode.toLowerCase().replace(/-/g, ' ') }, derive);
    expect(decodeCustomer(await openRecord(byCode, UID, '7', sealed))).toEqual(miu);
  });

  it('refuses a wrong passphrase with a clear message', async () => {
    const { fields, derive } = await notebook();
    const error = await expectNotebookError(
      unlockNotebook(fields, UID, { kind: 'passphrase', passphrase: 'ちがう合言葉' }, derive),
      'wrong-passphrase',
    );
    expect(error.message).toContain('合言葉が違います');
  });

  it('refuses a wrong recovery code, and says what a recovery code looks like when it is not one', async () => {
    const { fields, derive } = await notebook();
    await expectNotebookError(unlockNotebook(fields, UID, { kind: 'recovery', code: newRecoveryCode() }, derive), 'wrong-recovery-code');
    await expectNotebookError(unlockNotebook(fields, UID, { kind: 'recovery', code: '1234' }, derive), 'not-a-recovery-code');
  });

  it('does not open for another account (the wraps are bound to the owner)', async () => {
    const { fields, derive } = await notebook();
    await expectNotebookError(
      unlockNotebook(fields, 'someone-else', { kind: 'passphrase', passphrase: PASSPHRASE }, derive),
      'wrong-passphrase',
    );
  });
});

describe('stored records are bound to their place', () => {
  const flip = (base64: string, at: number) => {
    const bytes = fromBase64(base64);
    bytes[at] = bytes[at]! ^ 0x01;
    return toBase64(bytes);
  };

  it('detects a changed ciphertext byte, a changed tag and a truncated ciphertext', async () => {
    const { key } = await notebook();
    const sealed = await sealRecord(key, UID, '3', encodeCustomer(customer('Kさん')));
    await expectNotebookError(openRecord(key, UID, '3', { ...sealed, ciphertext: flip(sealed.ciphertext, 0) }), 'tampered');
    const length = fromBase64(sealed.ciphertext).length;
    await expectNotebookError(openRecord(key, UID, '3', { ...sealed, ciphertext: flip(sealed.ciphertext, length - 1) }), 'tampered');
    await expectNotebookError(
      openRecord(key, UID, '3', { ...sealed, ciphertext: toBase64(fromBase64(sealed.ciphertext).slice(0, 40)) }),
      'tampered',
    );
  });

  it('detects an IV swapped in from another record', async () => {
    const { key } = await notebook();
    const a = await sealRecord(key, UID, '1', encodeCustomer(customer('Aさん')));
    const b = await sealRecord(key, UID, '2', encodeCustomer(customer('Bさん')));
    await expectNotebookError(openRecord(key, UID, '1', { iv: b.iv, ciphertext: a.ciphertext }), 'tampered');
  });

  it('detects a record copied to another id or to another account', async () => {
    const { key } = await notebook();
    const sealed = await sealRecord(key, UID, '1', encodeCustomer(customer('Aさん')));
    await expectNotebookError(openRecord(key, UID, '2', sealed), 'tampered');
    await expectNotebookError(openRecord(key, 'therapist-bob', '1', sealed), 'tampered');
  });

  it('uses a fresh IV for every write', async () => {
    const { key } = await notebook();
    const bytes = encodeCustomer(customer('Aさん'));
    const ivs = new Set<string>();
    for (let n = 0; n < 20; n += 1) ivs.add((await sealRecord(key, UID, '1', bytes)).iv);
    expect(ivs.size).toBe(20);
  });

  it('pads records to 256-byte steps and refuses one over 64 KiB', () => {
    expect(encodeCustomer(customer('A')).length % 256).toBe(0);
    const visits = Array.from({ length: 200 }, (_, n) => ({
      id: `v${n}`,
      date: '2026-01-01',
      course: 'アロマ',
      minutes: 60,
      memo: 'あ'.repeat(500),
    }));
    expect(() => encodeCustomer(customer('A', { visits }))).toThrow(NotebookError);
  });

  it('refuses decrypted bytes that are not a customer', () => {
    expect(() => decodeCustomer(utf8('{"v":1,"nickname":3}'))).toThrow(NotebookError);
    expect(() => decodeCustomer(new Uint8Array([0xff, 0xfe]))).toThrow(NotebookError);
  });
});

describe('changing the passphrase', () => {
  async function sealedSet(fields: NotebookKeyFields, key: CryptoKey) {
    const customers = [customer('Aさん'), customer('Bさん', { ng: true }), customer('Cさん', { tags: [] })];
    const sealed = await Promise.all(customers.map((c, slot) => sealRecord(key, UID, String(slot), encodeCustomer(c))));
    return { fields, customers, sealed };
  }

  it('re-wraps the same key: every record still opens with the new passphrase, the old one no longer works', async () => {
    const { fields, key, derive, recoveryCode } = await notebook();
    const { customers, sealed } = await sealedSet(fields, key);
    const changed = await rewrapPassphrase(
      fields,
      UID,
      { kind: 'passphrase', passphrase: PASSPHRASE },
      '新しい合言葉です',
      derive,
      newKdfParams(TEST_COST),
    );
    expect(changed.fields.recoveryWrap).toEqual(fields.recoveryWrap);
    expect(changed.fields.kdf.salt).not.toBe(fields.kdf.salt);

    const reopened = await unlockNotebook(changed.fields, UID, { kind: 'passphrase', passphrase: '新しい合言葉です' }, derive);
    for (const [slot, record] of sealed.entries()) {
      expect(decodeCustomer(await openRecord(reopened, UID, String(slot), record))).toEqual(customers[slot]);
    }
    await expectNotebookError(
      unlockNotebook(changed.fields, UID, { kind: 'passphrase', passphrase: PASSPHRASE }, derive),
      'wrong-passphrase',
    );
    // The recovery code still opens it.
    const byCode = await unlockNotebook(changed.fields, UID, { kind: 'recovery', code: recoveryCode }, derive);
    expect(decodeCustomer(await openRecord(byCode, UID, '0', sealed[0]!))).toEqual(customers[0]);
  });

  it('can set a new passphrase with the recovery code (a forgotten passphrase)', async () => {
    const { fields, key, derive, recoveryCode } = await notebook();
    const { customers, sealed } = await sealedSet(fields, key);
    const changed = await rewrapPassphrase(
      fields,
      UID,
      { kind: 'recovery', code: recoveryCode },
      'あたらしい',
      derive,
      newKdfParams(TEST_COST),
    );
    const reopened = await unlockNotebook(changed.fields, UID, { kind: 'passphrase', passphrase: 'あたらしい' }, derive);
    expect(decodeCustomer(await openRecord(reopened, UID, '2', sealed[2]!))).toEqual(customers[2]);
  });

  it('changes nothing when the current passphrase is wrong', async () => {
    const { fields, derive } = await notebook();
    await expectNotebookError(
      rewrapPassphrase(fields, UID, { kind: 'passphrase', passphrase: 'まちがい' }, 'new', derive),
      'wrong-passphrase',
    );
  });
});
