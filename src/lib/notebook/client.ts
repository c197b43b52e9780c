/**
 * The notebook's Firestore calls (lite SDK). Only sealed data passes
 * through here: the key document's wraps and KDF parameters, and records'
 * IVs and ciphertexts.
 */
import {
  collection,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  serverTimestamp,
  setDoc,
  updateDoc,
  writeBatch,
  type DocumentReference,
} from 'firebase/firestore/lite';
import { clientDb } from '../firebase/db';
import { errorCode } from '../firebase/error-code';
import type { NotebookKeyFields, SealedRecord } from './envelope';
import type { Outbox, OutboxEntry } from './outbox';
import { readKeyFields, readSealedRecord } from './stored-shape';

const keyDoc = (uid: string) => doc(clientDb(), 'customers', uid);
const records = (uid: string) => collection(clientDb(), 'customers', uid, 'records');
const recordDoc = (uid: string, slot: string) => doc(clientDb(), 'customers', uid, 'records', slot);

/** Largest write batch the flush uses (Firestore allows 500 writes). */
const BATCH = 400;

export type StoredKey = { state: 'absent' } | { state: 'present'; fields: NotebookKeyFields } | { state: 'unreadable' };

export async function readNotebookKey(uid: string): Promise<StoredKey> {
  const snapshot = await getDoc(keyDoc(uid));
  if (!snapshot.exists()) return { state: 'absent' };
  const fields = readKeyFields(snapshot.data());
  return fields ? { state: 'present', fields } : { state: 'unreadable' };
}

export async function createNotebookKeyDoc(uid: string, fields: NotebookKeyFields): Promise<void> {
  await setDoc(keyDoc(uid), { ...fields, createdAt: serverTimestamp(), updatedAt: serverTimestamp() });
}

/** Stores a re-wrapped key (new passphrase): the records are untouched. */
export async function updatePassphraseWrap(uid: string, fields: NotebookKeyFields): Promise<void> {
  await updateDoc(keyDoc(uid), { kdf: fields.kdf, passphraseWrap: fields.passphraseWrap, updatedAt: serverTimestamp() });
}

export interface StoredRecord extends SealedRecord {
  slot: string;
}

/** Every record of the notebook; `unreadable` counts documents that are not sealed records. */
export async function readRecords(uid: string): Promise<{ records: StoredRecord[]; unreadable: string[] }> {
  const snapshot = await getDocs(records(uid));
  const found: StoredRecord[] = [];
  const unreadable: string[] = [];
  for (const document of snapshot.docs) {
    const sealed = readSealedRecord(document.data());
    if (sealed) found.push({ slot: document.id, ...sealed });
    else unreadable.push(document.id);
  }
  return { records: found, unreadable };
}

/**
 * Deletes every record in batches (also those left without a key document
 * by an interrupted reset, before a new set-up).
 */
export async function deleteAllRecords(uid: string): Promise<void> {
  const { docs } = await getDocs(records(uid));
  for (let start = 0; start < docs.length; start += BATCH) {
    const batch = writeBatch(clientDb());
    for (const document of docs.slice(start, start + BATCH)) batch.delete(document.ref);
    await batch.commit();
  }
}

/** Deletes every record, then the key document: the notebook is gone. */
export async function deleteNotebook(uid: string): Promise<void> {
  await deleteAllRecords(uid);
  await deleteDoc(keyDoc(uid));
}

function stage(batch: ReturnType<typeof writeBatch>, ref: DocumentReference, entry: OutboxEntry): void {
  if (entry.op === 'delete') batch.delete(ref);
  else if (entry.op === 'update') batch.update(ref, { iv: entry.iv, ciphertext: entry.ciphertext, updatedAt: serverTimestamp() });
  else batch.set(ref, { iv: entry.iv, ciphertext: entry.ciphertext, createdAt: serverTimestamp(), updatedAt: serverTimestamp() });
}

/** What became of one entry written on its own. */
type SingleResult = 'written' | 'slot-taken' | 'refused';

async function writeOne(uid: string, entry: OutboxEntry): Promise<SingleResult> {
  const ref = recordDoc(uid, entry.slot);
  try {
    const batch = writeBatch(clientDb());
    stage(batch, ref, entry);
    await batch.commit();
    return 'written';
  } catch (error) {
    const code = errorCode(error);
    if (entry.op === 'update' && code === 'not-found') {
      // Deleted elsewhere meanwhile: what she typed is kept as a new record in the same slot.
      return writeOne(uid, { ...entry, op: 'create' });
    }
    if (entry.op === 'create' && code === 'permission-denied') {
      // A create over an existing record is refused: either our own earlier attempt landed, or another device took the slot.
      const existing = await getDoc(ref);
      const stored = existing.exists() ? readSealedRecord(existing.data()) : null;
      if (stored && stored.iv === entry.iv && stored.ciphertext === entry.ciphertext) return 'written';
      if (existing.exists()) return 'slot-taken';
    }
    if (code === 'permission-denied' || code === 'invalid-argument' || code === 'failed-precondition') return 'refused';
    throw error;
  }
}

export interface FlushResult {
  written: number;
  /** The head entry is a create whose slot another device took: it must be re-sealed for a free slot. */
  slotTaken: OutboxEntry | null;
  /** The head entry was refused by the server (it stays queued). */
  refused: OutboxEntry | null;
}

/**
 * Sends the outbox in order, in batches; a batch that fails for any reason
 * but the network is retried entry by entry to find the one at fault.
 * Network errors are thrown (the entries stay queued).
 */
export async function flushOutbox(uid: string, outbox: Outbox): Promise<FlushResult> {
  let written = 0;
  try {
    for (;;) {
      const entries = outbox.take(BATCH);
      if (entries.length === 0) return { written, slotTaken: null, refused: null };
      try {
        const batch = writeBatch(clientDb());
        for (const entry of entries) stage(batch, recordDoc(uid, entry.slot), entry);
        await batch.commit();
        outbox.done(entries.length);
        written += entries.length;
        continue;
      } catch (error) {
        if (!isRefusal(error)) throw error;
      }
      for (const entry of entries) {
        const result = await writeOne(uid, entry);
        if (result === 'slot-taken') return { written, slotTaken: entry, refused: null };
        if (result === 'refused') return { written, slotTaken: null, refused: entry };
        outbox.done(1);
        written += 1;
      }
    }
  } finally {
    outbox.release();
  }
}

/** A refusal by the server (rules, a missing document), as opposed to no network. */
export function isRefusal(error: unknown): boolean {
  const code = errorCode(error);
  return code === 'permission-denied' || code === 'not-found' || code === 'invalid-argument' || code === 'failed-precondition';
}
