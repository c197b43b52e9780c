/**
 * The encrypted backup file: the key document's wraps and every record's
 * ciphertext, exactly as encrypted for the account that made it. Opening
 * it needs that notebook's passphrase (or recovery code); restoring
 * decrypts it in memory and encrypts each customer again for the account
 * it is restored into (same or new), since each ciphertext is bound to
 * its owner and slot.
 */
import { decodeCustomer, type Customer } from './customer';
import {
  openRecord,
  unlockNotebook,
  type DerivePassphraseKey,
  type NotebookKeyFields,
  type NotebookSecret,
  type SealedRecord,
} from './envelope';
import { NotebookError } from './errors';
import { isSlot, MAX_CUSTOMERS, readKeyFields, readSealedRecord } from './stored-shape';

export const BACKUP_FORMAT = 'theralink-customer-notebook-backup';
export const BACKUP_VERSION = 1;

export interface BackupRecord extends SealedRecord {
  slot: string;
}

export interface NotebookBackup {
  format: typeof BACKUP_FORMAT;
  version: typeof BACKUP_VERSION;
  /** ISO time the file was written. */
  exportedAt: string;
  /** The account whose keys and slots the ciphertexts are bound to. */
  ownerUid: string;
  key: NotebookKeyFields;
  records: BackupRecord[];
}

export function backupJson(ownerUid: string, key: NotebookKeyFields, records: readonly BackupRecord[], now = new Date()): string {
  const backup: NotebookBackup = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: now.toISOString(),
    ownerUid,
    key,
    records: records.map(({ slot, iv, ciphertext }) => ({ slot, iv, ciphertext })),
  };
  return JSON.stringify(backup);
}

/** File name like theralink-customers-2026-11-22.json. */
export function backupFileName(dateKey: string): string {
  return `theralink-customers-${dateKey}.json`;
}

/** The backup in a file's text; NotebookError('bad-backup') for anything else. */
export function parseBackup(text: string): NotebookBackup {
  let data: Partial<NotebookBackup> & Record<string, unknown>;
  try {
    data = JSON.parse(text);
  } catch {
    throw new NotebookError('bad-backup');
  }
  if (data?.format !== BACKUP_FORMAT || data.version !== BACKUP_VERSION) throw new NotebookError('bad-backup');
  const key = readKeyFields(data.key as unknown as Record<string, unknown>);
  const uid = data.ownerUid;
  const records = Array.isArray(data.records) ? data.records : null;
  if (!key || typeof uid !== 'string' || uid.length === 0 || uid.length > 128 || !records || records.length > MAX_CUSTOMERS) {
    throw new NotebookError('bad-backup');
  }
  const seen = new Set<string>();
  const checked = records.map((record) => {
    const sealed = readSealedRecord(record as unknown as Record<string, unknown>);
    const slot = (record as { slot?: unknown })?.slot;
    if (!sealed || typeof slot !== 'string' || !isSlot(slot) || seen.has(slot)) throw new NotebookError('bad-backup');
    seen.add(slot);
    return { slot, ...sealed };
  });
  return {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    exportedAt: String(data.exportedAt ?? ''),
    ownerUid: uid,
    key,
    records: checked,
  };
}

/**
 * Every customer in the backup, or a NotebookError: a wrong passphrase or
 * recovery code, or a record that was altered (then nothing is returned).
 */
export async function openBackup(backup: NotebookBackup, secret: NotebookSecret, derive: DerivePassphraseKey): Promise<Customer[]> {
  const key = await unlockNotebook(backup.key, backup.ownerUid, secret, derive);
  const customers: Customer[] = [];
  for (const record of backup.records) customers.push(decodeCustomer(await openRecord(key, backup.ownerUid, record.slot, record)));
  return customers;
}

export interface RestorePlan {
  /** Slot → customer to write (new slots for new customers, the same slot for a newer copy). */
  writes: { slot: string; customer: Customer; isNew: boolean }[];
  /** Customers already there in a copy at least as new: left alone. */
  kept: number;
}

/**
 * Where each restored customer goes. A customer already in the notebook
 * (same id) is replaced only by a newer copy, so a restore never undoes a
 * later edit; a new one takes a free slot. Throws NotebookError('full')
 * before anything is written when the notebook cannot take them all.
 */
export function planRestore(
  current: readonly { slot: string; customer: Customer }[],
  restored: readonly Customer[],
  pickSlot: (used: ReadonlySet<string>) => string | null,
): RestorePlan {
  const bySlotId = new Map(current.map((entry) => [entry.customer.id, entry]));
  const used = new Set(current.map((entry) => entry.slot));
  const writes: RestorePlan['writes'] = [];
  let kept = 0;
  for (const customer of restored) {
    const existing = bySlotId.get(customer.id);
    if (existing) {
      if (customer.updatedAt > existing.customer.updatedAt) writes.push({ slot: existing.slot, customer, isNew: false });
      else kept += 1;
      continue;
    }
    const slot = pickSlot(used);
    if (slot === null) throw new NotebookError('full');
    used.add(slot);
    bySlotId.set(customer.id, { slot, customer });
    writes.push({ slot, customer, isNew: true });
  }
  return { writes, kept };
}
