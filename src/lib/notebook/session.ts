/**
 * The open notebook of the signed-in therapist: nanostores the island
 * reads, and the actions that change them. The notebook key lives only in
 * this module's memory (a non-extractable CryptoKey) and is dropped on
 * lock, idle timeout, sign-out or a switch of account; decrypted customers
 * live only in $notebook and go with it.
 *
 * Every edit is sealed first, queued in the outbox (localStorage, sealed),
 * shown at once, then written to Firestore when the network allows.
 */
import { atom } from 'nanostores';
import { $user } from '../auth/auth-store';
import { errorCode } from '../firebase/error-code';
import { tokyoDateKey } from '../tokyo-date';
import { backupFileName, backupJson, openBackup, parseBackup, planRestore } from './backup';
import { fromUtf8, utf8 } from './bytes';
import {
  createNotebookKeyDoc,
  deleteAllRecords,
  deleteNotebook,
  flushOutbox,
  isRefusal,
  readNotebookKey,
  readRecords,
  updatePassphraseWrap,
} from './client';
import { customersCsv } from './csv';
import { decodeCustomer, encodeCustomer, type Customer } from './customer';
import {
  createNotebookKey,
  openRecord,
  openWithLabel,
  rewrapPassphrase,
  sealRecord,
  sealWithLabel,
  unlockNotebook,
  type NotebookKeyFields,
  type NotebookSecret,
} from './envelope';
import { NotebookError } from './errors';
import { deriveInBrowser } from './kdf-browser';
import { selectCustomers, NO_QUERY } from './list-view';
import { Outbox, outboxKey, type OutboxEntry } from './outbox';
import { newRecoveryCode } from './recovery-code';
import { pickFreeSlot } from './stored-shape';

export interface CustomerEntry {
  slot: string;
  customer: Customer;
}

export type NotebookState =
  | { status: 'loading' }
  | { status: 'load-failed' }
  | { status: 'absent' }
  | { status: 'unreadable' }
  | { status: 'locked'; idle: boolean }
  | {
      status: 'unlocked';
      entries: CustomerEntry[];
      /** Stored records that did not open (altered or damaged); left alone. */
      unopened: number;
      /** Opened with the recovery code: she must choose a new passphrase first. */
      mustSetPassphrase: boolean;
    };

export interface SyncState {
  /** Writes kept in this browser, not yet in Firestore. */
  pending: number;
  offline: boolean;
  /** A write the server refused or a full browser storage, in Japanese; '' when none. */
  problem: string;
}

export const $notebook = atom<NotebookState>({ status: 'loading' });
export const $sync = atom<SyncState>({ pending: 0, offline: false, problem: '' });

interface Session {
  uid: string;
  fields: NotebookKeyFields | null;
  key: CryptoKey | null;
  outbox: Outbox;
  /** The recovery code she unlocked with, kept only until she sets a new passphrase. */
  recoveryCode: string | null;
}

let session: Session | null = null;
let stopUserWatch: (() => void) | null = null;

const draftKey = (uid: string) => `theralink:notebook-draft:${uid}`;
const draftLabel = (uid: string) => `theralink-notebook/v1/${uid}/draft`;

function current(): Session {
  if (!session) throw new NotebookError('no-notebook');
  return session;
}

function unlockedKey(): { session: Session; key: CryptoKey; fields: NotebookKeyFields } {
  const open = current();
  if (!open.key || !open.fields) throw new NotebookError('locked');
  return { session: open, key: open.key, fields: open.fields };
}

function entries(): CustomerEntry[] {
  const state = $notebook.get();
  return state.status === 'unlocked' ? state.entries : [];
}

function setEntries(next: CustomerEntry[]): void {
  const state = $notebook.get();
  if (state.status === 'unlocked') $notebook.set({ ...state, entries: next });
}

function online(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

function updateSync(patch: Partial<SyncState> = {}): void {
  $sync.set({ ...$sync.get(), pending: session?.outbox.size ?? 0, ...patch });
}

/** Forgets the key and everything decrypted. */
function forget(): void {
  if (session) {
    session.key = null;
    session.recoveryCode = null;
  }
}

/**
 * Opens the notebook of `uid` (reads its key document). Called by the
 * island once the user is known; a second call for the same user keeps the
 * open notebook.
 */
export async function startNotebook(uid: string): Promise<void> {
  if (session?.uid === uid && $notebook.get().status !== 'load-failed') return;
  forget();
  session = { uid, fields: null, key: null, outbox: new Outbox(localStorage, outboxKey(uid)), recoveryCode: null };
  stopUserWatch ??= $user.listen((user) => {
    if (!session || user?.uid !== session.uid) {
      // Signed out, or another account on this page: nothing of hers stays in memory.
      forget();
      session = null;
      $notebook.set({ status: 'loading' });
    }
  });
  $notebook.set({ status: 'loading' });
  updateSync({ offline: !online() });
  try {
    const stored = await readNotebookKey(uid);
    if (session?.uid !== uid) return;
    if (stored.state === 'present') {
      session.fields = stored.fields;
      $notebook.set({ status: 'locked', idle: false });
    } else {
      $notebook.set({ status: stored.state });
    }
    void flush();
  } catch {
    $notebook.set({ status: 'load-failed' });
  }
}

// ---- set-up ----------------------------------------------------------------

export interface PreparedSetUp {
  recoveryCode: string;
  fields: NotebookKeyFields;
  key: CryptoKey;
}

/** Makes the key and its two wraps (Argon2id: about a second). Nothing is stored until finishSetUp. */
export async function prepareSetUp(passphrase: string): Promise<PreparedSetUp> {
  const { uid } = current();
  const recoveryCode = newRecoveryCode();
  const { fields, key } = await createNotebookKey(uid, passphrase, recoveryCode, deriveInBrowser);
  return { recoveryCode, fields, key };
}

/** Stores the notebook once she has noted the recovery code; it opens empty. */
export async function finishSetUp(prepared: PreparedSetUp): Promise<void> {
  const open = current();
  // Records left by an interrupted reset can never be opened again: clear them first.
  await deleteAllRecords(open.uid);
  open.outbox.clear();
  await createNotebookKeyDoc(open.uid, prepared.fields);
  open.fields = prepared.fields;
  open.key = prepared.key;
  $notebook.set({ status: 'unlocked', entries: [], unopened: 0, mustSetPassphrase: false });
  updateSync();
}

// ---- lock and unlock ---------------------------------------------------------

/** Unlocks with the passphrase or the recovery code; on any failure nothing is opened. */
export async function unlock(secret: NotebookSecret): Promise<void> {
  const open = current();
  if (!open.fields) throw new NotebookError('no-notebook');
  const key = await unlockNotebook(open.fields, open.uid, secret, deriveInBrowser);
  const { records } = await readRecords(open.uid);
  const bySlot = new Map<string, CustomerEntry>();
  let unopened = 0;
  for (const record of records) {
    try {
      bySlot.set(record.slot, { slot: record.slot, customer: decodeCustomer(await openRecord(key, open.uid, record.slot, record)) });
    } catch {
      unopened += 1;
    }
  }
  // Writes still waiting in this browser are newer than what the server has.
  for (const entry of open.outbox.entries()) {
    if (entry.op === 'delete') bySlot.delete(entry.slot);
    else {
      try {
        bySlot.set(entry.slot, { slot: entry.slot, customer: decodeCustomer(await openRecord(key, open.uid, entry.slot, entry)) });
      } catch {
        unopened += 1;
      }
    }
  }
  if (session !== open) return;
  open.key = key;
  open.recoveryCode = secret.kind === 'recovery' ? secret.code : null;
  $notebook.set({ status: 'unlocked', entries: [...bySlot.values()], unopened, mustSetPassphrase: secret.kind === 'recovery' });
  void flush();
}

/** Locks now (button, idle timeout): the key and the decrypted customers are dropped. */
export function lock(idle = false): void {
  if (!session) return;
  forget();
  if (session.fields) $notebook.set({ status: 'locked', idle });
}

// ---- customers -----------------------------------------------------------------

function usedSlots(): Set<string> {
  const used = new Set(entries().map((entry) => entry.slot));
  for (const entry of session?.outbox.entries() ?? []) if (entry.op !== 'delete') used.add(entry.slot);
  return used;
}

async function queueSealed(open: Session, key: CryptoKey, slot: string, customer: Customer, isNew: boolean): Promise<void> {
  const sealed = await sealRecord(key, open.uid, slot, encodeCustomer(customer));
  open.outbox.add({ op: isNew ? 'create' : 'update', slot, ...sealed });
}

/** Saves a new (slot null) or changed customer; resolves with its slot once it is safe in this browser. */
export async function saveCustomer(slot: string | null, customer: Customer): Promise<string> {
  const { session: open, key } = unlockedKey();
  const target = slot ?? pickFreeSlot(usedSlots());
  if (target === null) throw new NotebookError('full');
  const saved = { ...customer, updatedAt: Date.now() };
  await queueSealed(open, key, target, saved, slot === null);
  const others = entries().filter((entry) => entry.slot !== target);
  setEntries([...others, { slot: target, customer: saved }]);
  updateSync();
  void flush();
  return target;
}

export function deleteCustomer(slot: string): void {
  const { session: open } = unlockedKey();
  open.outbox.add({ op: 'delete', slot });
  setEntries(entries().filter((entry) => entry.slot !== slot));
  updateSync();
  void flush();
}

// ---- writing to Firestore ------------------------------------------------------

let flushing: Promise<void> | null = null;
let again = false;
let retryTimer: ReturnType<typeof setTimeout> | undefined;

/** Sends the outbox now (one flush at a time; a request during one runs after it). */
export function flush(): Promise<void> {
  if (flushing) {
    again = true;
    return flushing;
  }
  flushing = (async () => {
    do {
      again = false;
      await flushOnce();
    } while (again);
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

async function flushOnce(): Promise<void> {
  const open = session;
  if (!open || !open.fields || open.outbox.size === 0) {
    updateSync({ problem: '' });
    return;
  }
  if (!online()) {
    updateSync({ offline: true });
    return;
  }
  try {
    const result = await flushOutbox(open.uid, open.outbox);
    if (result.slotTaken) {
      await moveTakenCreate(open, result.slotTaken);
      return;
    }
    updateSync({
      offline: false,
      problem: result.refused
        ? '保存できなかった変更があります。ページを再読み込みしても続くときは、バックアップを作成してから運営にお問い合わせください。'
        : '',
    });
  } catch (error) {
    if (isRefusal(error) || errorCode(error) === 'unauthenticated') {
      updateSync({ problem: '保存できませんでした。ログインし直してから、もう一度お試しください。' });
      return;
    }
    updateSync({ offline: true });
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void flush(), 15_000);
  }
}

/** Another device took the slot of a customer created here: seal it again for a free slot, then send on. */
async function moveTakenCreate(open: Session, entry: OutboxEntry): Promise<void> {
  if (!open.key || entry.op === 'delete') {
    updateSync({ problem: '別の端末と同時に追加された顧客があります。ノートを開くと保存を続けます。' });
    return;
  }
  const customer = decodeCustomer(await openRecord(open.key, open.uid, entry.slot, entry));
  const used = usedSlots();
  used.add(entry.slot);
  const slot = pickFreeSlot(used);
  if (slot === null) throw new NotebookError('full');
  const sealed = await sealRecord(open.key, open.uid, slot, encodeCustomer(customer));
  open.outbox.replaceHead({ op: 'create', slot, ...sealed });
  setEntries([...entries().filter((e) => e.slot !== entry.slot), { slot, customer }]);
  again = true;
}

if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    updateSync({ offline: false });
    void flush();
  });
  window.addEventListener('offline', () => updateSync({ offline: true }));
  window.addEventListener('storage', (event) => {
    // Another tab queued or sent writes of this account.
    if (session && event.key === outboxKey(session.uid)) updateSync();
  });
}

// ---- passphrase, backup, export, reset ----------------------------------------

/**
 * A new passphrase: the key is re-wrapped (records are not touched). `secret`
 * is the current passphrase, or null right after unlocking with the recovery code.
 */
export async function changePassphrase(secret: NotebookSecret | null, newPassphrase: string): Promise<void> {
  const { session: open, fields } = unlockedKey();
  const proof: NotebookSecret | null = secret ?? (open.recoveryCode ? { kind: 'recovery', code: open.recoveryCode } : null);
  if (!proof) throw new NotebookError('locked');
  const changed = await rewrapPassphrase(fields, open.uid, proof, newPassphrase, deriveInBrowser);
  await updatePassphraseWrap(open.uid, changed.fields);
  open.fields = changed.fields;
  open.key = changed.key;
  open.recoveryCode = null;
  const state = $notebook.get();
  if (state.status === 'unlocked') $notebook.set({ ...state, mustSetPassphrase: false });
}

/** The encrypted backup of what she sees now (each record sealed afresh for its slot). */
export async function makeBackup(): Promise<{ name: string; text: string }> {
  const { session: open, key, fields } = unlockedKey();
  const records = [];
  for (const { slot, customer } of entries()) records.push({ slot, ...(await sealRecord(key, open.uid, slot, encodeCustomer(customer))) });
  return { name: backupFileName(tokyoDateKey()), text: backupJson(open.uid, fields, records) };
}

/** Restores a backup into this notebook; nothing is written unless every record opened. */
export async function restoreBackup(text: string, secret: NotebookSecret): Promise<{ restored: number; kept: number }> {
  const { session: open, key } = unlockedKey();
  const backup = parseBackup(text);
  const customers = await openBackup(backup, secret, deriveInBrowser);
  const plan = planRestore(entries(), customers, (used) => pickFreeSlot(new Set([...used, ...usedSlots()])));
  const next = new Map(entries().map((entry) => [entry.slot, entry]));
  for (const write of plan.writes) {
    await queueSealed(open, key, write.slot, write.customer, write.isNew);
    next.set(write.slot, { slot: write.slot, customer: write.customer });
  }
  setEntries([...next.values()]);
  updateSync();
  void flush();
  return { restored: plan.writes.length, kept: plan.kept };
}

/** The plaintext CSV (after her explicit confirmation in the page). */
export function exportCsv(): { name: string; text: string } {
  unlockedKey();
  const ordered = selectCustomers(entries(), NO_QUERY).map((entry) => entry.customer);
  return { name: `theralink-customers-${tokyoDateKey()}.csv`, text: customersCsv(ordered) };
}

/** Deletes the whole notebook (every record and the key). There is no undo. */
export async function resetNotebook(): Promise<void> {
  const open = current();
  await deleteNotebook(open.uid);
  open.outbox.clear();
  clearNotebookDraft();
  forget();
  open.fields = null;
  $notebook.set({ status: 'absent' });
  updateSync({ problem: '' });
}

// ---- the unsaved form, sealed in sessionStorage --------------------------------

/** Seals the open form's fields so a reload or an idle lock loses nothing she typed. */
export async function saveNotebookDraft(draft: unknown): Promise<void> {
  const open = session;
  if (!open?.key) return;
  const sealed = await sealWithLabel(open.key, draftLabel(open.uid), utf8(JSON.stringify(draft)));
  try {
    sessionStorage.setItem(draftKey(open.uid), JSON.stringify(sealed));
  } catch {
    // Storage off or full: the form still works, the draft just won't survive a reload.
  }
}

/** The sealed draft, opened; null when there is none (or it cannot be opened). */
export async function readNotebookDraft(): Promise<unknown> {
  const open = session;
  if (!open?.key) return null;
  try {
    const stored = sessionStorage.getItem(draftKey(open.uid));
    if (!stored) return null;
    return JSON.parse(fromUtf8(await openWithLabel(open.key, draftLabel(open.uid), JSON.parse(stored))));
  } catch {
    return null;
  }
}

export function clearNotebookDraft(): void {
  try {
    if (session) sessionStorage.removeItem(draftKey(session.uid));
  } catch {
    // Storage off: there is no draft.
  }
}
