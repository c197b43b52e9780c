import { assertFails, assertSucceeds } from '@firebase/rules-unit-testing';
import { collection, deleteDoc, doc, getDoc, getDocs, serverTimestamp, setDoc, updateDoc, writeBatch } from 'firebase/firestore';
import { describe, it } from 'vitest';
import { SEEDED_AT, storeDocFor, therapistDoc } from '../factories/documents';
import { STORED_LENGTHS } from '../../src/lib/notebook/stored-shape';
import { allowedIf, signedIn, type Db } from './helpers';
import { seed, useRulesEnvironment } from './rules-env';

/**
 * The encrypted customer notebook (issue 16): customers/{uid} (the wrapped
 * key) and customers/{uid}/records/{0..4999} (sealed customers). Only the
 * owner, a therapist, ever reads or writes; only the envelope's keys are
 * accepted (never a plaintext field); each record's size and the number of
 * records are bounded. The documents here are shaped like the real ones
 * (base64 of the real lengths); their bytes are not real ciphertext, which
 * the rules cannot tell apart anyway.
 */
const env = useRulesEnvironment();

const b64 = (length: number) => 'A'.repeat(length - 2) + '==';
const plain = (length: number) => 'A'.repeat(length);
const IV = plain(STORED_LENGTHS.iv);
const SALT = b64(STORED_LENGTHS.salt);
const WRAPPED = plain(STORED_LENGTHS.wrappedKey);
const CIPHERTEXT = plain(364);

function keyFields(overrides: Record<string, unknown> = {}) {
  return {
    version: 1,
    kdf: { algorithm: 'argon2id', version: 19, memoryKiB: 65536, iterations: 3, parallelism: 4, salt: SALT },
    passphraseWrap: { iv: IV, ciphertext: WRAPPED },
    recoveryWrap: { algorithm: 'hkdf-sha256', salt: SALT, iv: IV, ciphertext: WRAPPED },
    ...overrides,
  };
}
const newKey = (overrides: Record<string, unknown> = {}) => ({
  ...keyFields(overrides),
  createdAt: serverTimestamp(),
  updatedAt: serverTimestamp(),
});
const storedKey = () => ({ ...keyFields(), createdAt: SEEDED_AT, updatedAt: SEEDED_AT });
const newRecord = (overrides: Record<string, unknown> = {}) => ({
  iv: IV,
  ciphertext: CIPHERTEXT,
  createdAt: serverTimestamp(),
  updatedAt: serverTimestamp(),
  ...overrides,
});
const storedRecord = () => ({ iv: IV, ciphertext: CIPHERTEXT, createdAt: SEEDED_AT, updatedAt: SEEDED_AT });

/** alice and bob are therapists, shop a store, fan has no profile; alice has a notebook with one record. */
const PROFILES = {
  'accounts/alice': therapistDoc('alice'),
  'accounts/bob': therapistDoc('bob'),
  'stores/shop': storeDocFor('shop'),
};
const ALICE_NOTEBOOK = { 'customers/alice': storedKey(), 'customers/alice/records/7': storedRecord() };

interface NotebookRole {
  role: string;
  owner: boolean;
  db: () => Db;
}
const ROLES: NotebookRole[] = [
  { role: 'signed out', owner: false, db: () => env().unauthenticatedContext().firestore() },
  { role: 'owner therapist', owner: true, db: () => signedIn(env, 'alice') },
  { role: 'other therapist', owner: false, db: () => signedIn(env, 'bob') },
  { role: 'store', owner: false, db: () => signedIn(env, 'shop') },
  { role: 'fan', owner: false, db: () => signedIn(env, 'fan') },
];
const alice = () => signedIn(env, 'alice');

describe.each(ROLES)('customers/alice (the key) as $role', ({ owner, db }) => {
  const ownerOnly = allowedIf(owner);

  it(owner ? 'gets it' : 'cannot get it', async () => {
    await seed(env(), { ...PROFILES, ...ALICE_NOTEBOOK });
    await ownerOnly(getDoc(doc(db(), 'customers/alice')));
  });
  it('cannot list the collection', async () => {
    await seed(env(), { ...PROFILES, ...ALICE_NOTEBOOK });
    await assertFails(getDocs(collection(db(), 'customers')));
  });
  it(owner ? 'creates it' : 'cannot create it', async () => {
    await seed(env(), PROFILES);
    await ownerOnly(setDoc(doc(db(), 'customers/alice'), newKey()));
  });
  it(owner ? 'updates it (a new passphrase wrap)' : 'cannot update it', async () => {
    await seed(env(), { ...PROFILES, ...ALICE_NOTEBOOK });
    await ownerOnly(
      updateDoc(doc(db(), 'customers/alice'), {
        kdf: { ...keyFields().kdf, salt: b64(24).replace('A', 'B') },
        passphraseWrap: { iv: plain(15) + 'B', ciphertext: plain(63) + 'B' },
        updatedAt: serverTimestamp(),
      }),
    );
  });
  it(owner ? 'deletes it' : 'cannot delete it', async () => {
    await seed(env(), { ...PROFILES, ...ALICE_NOTEBOOK });
    await ownerOnly(deleteDoc(doc(db(), 'customers/alice')));
  });
});

describe.each(ROLES)('customers/alice/records/{slot} as $role', ({ owner, db }) => {
  const ownerOnly = allowedIf(owner);

  it(owner ? 'gets a record' : 'cannot get a record', async () => {
    await seed(env(), { ...PROFILES, ...ALICE_NOTEBOOK });
    await ownerOnly(getDoc(doc(db(), 'customers/alice/records/7')));
  });
  it(owner ? 'lists the records' : 'cannot list the records', async () => {
    await seed(env(), { ...PROFILES, ...ALICE_NOTEBOOK });
    await ownerOnly(getDocs(collection(db(), 'customers/alice/records')));
  });
  it(owner ? 'creates a record' : 'cannot create a record', async () => {
    await seed(env(), { ...PROFILES, ...ALICE_NOTEBOOK });
    await ownerOnly(setDoc(doc(db(), 'customers/alice/records/8'), newRecord()));
  });
  it(owner ? 'updates a record' : 'cannot update a record', async () => {
    await seed(env(), { ...PROFILES, ...ALICE_NOTEBOOK });
    await ownerOnly(
      updateDoc(doc(db(), 'customers/alice/records/7'), { iv: plain(15) + 'B', ciphertext: plain(368), updatedAt: serverTimestamp() }),
    );
  });
  it(owner ? 'deletes a record' : 'cannot delete a record', async () => {
    await seed(env(), { ...PROFILES, ...ALICE_NOTEBOOK });
    await ownerOnly(deleteDoc(doc(db(), 'customers/alice/records/7')));
  });
});

describe('who may keep a notebook', () => {
  it('any therapist for herself (bob creates his own)', async () => {
    await seed(env(), PROFILES);
    await assertSucceeds(setDoc(doc(signedIn(env, 'bob'), 'customers/bob'), newKey()));
  });
  it('not a store, not a fan without a profile, and no records without a key document', async () => {
    await seed(env(), PROFILES);
    await assertFails(setDoc(doc(signedIn(env, 'shop'), 'customers/shop'), newKey()));
    await assertFails(setDoc(doc(signedIn(env, 'fan'), 'customers/fan'), newKey()));
    // Records need the owner's key document first.
    await assertFails(setDoc(doc(signedIn(env, 'fan'), 'customers/fan/records/0'), newRecord()));
    await assertFails(setDoc(doc(alice(), 'customers/alice/records/0'), newRecord()));
  });
});

describe('no plaintext: only the envelope’s keys', () => {
  it.each([
    ['nickname', { nickname: 'たなかさん' }],
    ['notes', { notes: '肩こりがひどい' }],
    ['tags', { tags: ['常連'] }],
    ['ng', { ng: true }],
    ['visits', { visits: [] }],
  ])('refuses a key document with %s', async (_key, extra) => {
    await seed(env(), PROFILES);
    await assertFails(setDoc(doc(alice(), 'customers/alice'), { ...newKey(), ...extra }));
  });

  it.each([
    ['nickname', { nickname: 'たなかさん' }],
    ['notes', { notes: '肩こりがひどい' }],
    ['tags', { tags: ['常連'] }],
    ['ng', { ng: true }],
    ['visits', { visits: [{ date: '2026-11-20' }] }],
  ])('refuses a record with %s, on create and on update', async (_key, extra) => {
    await seed(env(), { ...PROFILES, ...ALICE_NOTEBOOK });
    await assertFails(setDoc(doc(alice(), 'customers/alice/records/8'), { ...newRecord(), ...extra }));
    await assertFails(updateDoc(doc(alice(), 'customers/alice/records/7'), { ...extra, updatedAt: serverTimestamp() }));
  });

  it('refuses a plaintext customer shaped like the old app’s (no envelope at all)', async () => {
    await seed(env(), { ...PROFILES, ...ALICE_NOTEBOOK });
    const oldShape = {
      nickname: 'Aさん',
      notes: '秘密のメモ',
      visits: [],
      tags: [],
      ng: false,
      createdAt: serverTimestamp(),
      updatedAt: serverTimestamp(),
    };
    await assertFails(setDoc(doc(alice(), 'customers/alice/records/9'), oldShape));
    await assertFails(setDoc(doc(alice(), 'customers/alice/items/c1'), oldShape));
  });

  it('refuses text that is not base64 in the ciphertext, IV or wraps', async () => {
    await seed(env(), { ...PROFILES, ...ALICE_NOTEBOOK });
    await assertFails(setDoc(doc(alice(), 'customers/alice/records/8'), newRecord({ ciphertext: 'たなかさん肩こりがひどい'.repeat(4) })));
    await assertFails(setDoc(doc(alice(), 'customers/alice/records/8'), newRecord({ ciphertext: `${plain(360)} ok!` })));
    await assertFails(setDoc(doc(alice(), 'customers/alice/records/8'), newRecord({ iv: 'たなかさん'.padEnd(16, 'A') })));
    await assertFails(
      setDoc(doc(signedIn(env, 'bob'), 'customers/bob'), newKey({ passphraseWrap: { iv: IV, ciphertext: 'Aさん'.padEnd(64, 'A') } })),
    );
  });
});

describe('bounds', () => {
  it('accepts a record of the largest size and refuses a larger one or a short IV', async () => {
    await seed(env(), { ...PROFILES, ...ALICE_NOTEBOOK });
    await assertSucceeds(setDoc(doc(alice(), 'customers/alice/records/8'), newRecord({ ciphertext: plain(STORED_LENGTHS.recordMax) })));
    await assertFails(setDoc(doc(alice(), 'customers/alice/records/9'), newRecord({ ciphertext: plain(STORED_LENGTHS.recordMax + 4) })));
    await assertFails(setDoc(doc(alice(), 'customers/alice/records/9'), newRecord({ iv: plain(12) })));
    await assertFails(setDoc(doc(alice(), 'customers/alice/records/9'), newRecord({ ciphertext: '' })));
  });

  it('caps the count: only slots 0..4999 exist', async () => {
    await seed(env(), { ...PROFILES, ...ALICE_NOTEBOOK });
    await assertSucceeds(setDoc(doc(alice(), 'customers/alice/records/0'), newRecord()));
    await assertSucceeds(setDoc(doc(alice(), 'customers/alice/records/4999'), newRecord()));
    for (const slot of ['5000', '9999', '10000', '01', 'abc', 'x_1']) {
      await assertFails(setDoc(doc(alice(), `customers/alice/records/${slot}`), newRecord()));
    }
  });

  it('refuses a KDF weaker than the notebook’s (or another algorithm), and wraps of the wrong size', async () => {
    await seed(env(), PROFILES);
    const kdf = keyFields().kdf;
    const ref = doc(alice(), 'customers/alice');
    await assertFails(setDoc(ref, newKey({ kdf: { ...kdf, memoryKiB: 1024 } })));
    await assertFails(setDoc(ref, newKey({ kdf: { ...kdf, iterations: 1 } })));
    await assertFails(setDoc(ref, newKey({ kdf: { ...kdf, algorithm: 'pbkdf2' } })));
    await assertFails(setDoc(ref, newKey({ kdf: { ...kdf, parallelism: 0 } })));
    await assertFails(setDoc(ref, newKey({ passphraseWrap: { iv: IV, ciphertext: plain(68) } })));
    await assertFails(setDoc(ref, newKey({ recoveryWrap: { iv: IV, ciphertext: WRAPPED } })));
    await assertFails(setDoc(ref, newKey({ version: 2 })));
    await assertSucceeds(setDoc(ref, newKey({ kdf: { ...kdf, memoryKiB: 131072, iterations: 4 } })));
  });

  it('keeps the key document’s version and createdAt, and stamps updatedAt', async () => {
    await seed(env(), { ...PROFILES, ...ALICE_NOTEBOOK });
    const ref = doc(alice(), 'customers/alice');
    await assertFails(updateDoc(ref, { version: 2, updatedAt: serverTimestamp() }));
    await assertFails(updateDoc(ref, { createdAt: serverTimestamp(), updatedAt: serverTimestamp() }));
    await assertFails(updateDoc(ref, { passphraseWrap: { iv: IV, ciphertext: WRAPPED } }));
  });

  it('refuses a create over an existing record (another device’s slot), but takes an update that keeps createdAt', async () => {
    await seed(env(), { ...PROFILES, ...ALICE_NOTEBOOK });
    await assertFails(setDoc(doc(alice(), 'customers/alice/records/7'), newRecord()));
    await assertSucceeds(setDoc(doc(alice(), 'customers/alice/records/7'), { ...newRecord(), createdAt: SEEDED_AT }));
    await assertFails(updateDoc(doc(alice(), 'customers/alice/records/7'), { updatedAt: SEEDED_AT }));
  });

  it('lets the owner clear records left after the key document is gone, but not write new ones', async () => {
    await seed(env(), { ...PROFILES, 'customers/alice/records/7': storedRecord() });
    await assertFails(setDoc(doc(alice(), 'customers/alice/records/8'), newRecord()));
    await assertSucceeds(deleteDoc(doc(alice(), 'customers/alice/records/7')));
  });

  it('takes a restore-sized batch of records in one commit', async () => {
    await seed(env(), { ...PROFILES, ...ALICE_NOTEBOOK });
    const db = alice();
    const batch = writeBatch(db);
    for (let slot = 100; slot < 500; slot += 1) batch.set(doc(db, `customers/alice/records/${slot}`), newRecord());
    await assertSucceeds(batch.commit());
  });
});
