/**
 * Writes waiting for the network, kept in localStorage per account so
 * nothing is lost to a dropped connection, a reload or a closed tab. An
 * entry holds only what Firestore would: the slot and the sealed record
 * (IV + ciphertext), never plaintext.
 *
 * Entries are sent in order. While the head ones are being sent
 * (`sending`), new writes are appended; a write to a slot whose last entry
 * is still waiting replaces it (a create stays a create), and deleting a
 * customer whose create is still waiting drops that create (the delete is
 * still sent: an earlier attempt may have reached the server).
 */
import { NotebookError } from './errors';
import type { SealedRecord } from './envelope';

export type OutboxEntry = ({ op: 'create' | 'update'; slot: string } & SealedRecord) | { op: 'delete'; slot: string };

/** Where the entries live: localStorage in the browser, a Map in tests. */
export type OutboxStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function outboxKey(uid: string): string {
  return `theralink:notebook-outbox:${uid}`;
}

function isEntry(value: unknown): value is OutboxEntry {
  const entry = value as OutboxEntry;
  if (typeof entry !== 'object' || entry === null || typeof entry.slot !== 'string') return false;
  if (entry.op === 'delete') return true;
  return (entry.op === 'create' || entry.op === 'update') && typeof entry.iv === 'string' && typeof entry.ciphertext === 'string';
}

export class Outbox {
  /** How many head entries a flush is sending now (they are not merged into). */
  private sending = 0;

  constructor(
    private readonly storage: OutboxStorage,
    private readonly key: string,
  ) {}

  entries(): OutboxEntry[] {
    try {
      const stored = JSON.parse(this.storage.getItem(this.key) ?? '[]') as unknown;
      return Array.isArray(stored) ? stored.filter(isEntry) : [];
    } catch {
      return [];
    }
  }

  get size(): number {
    return this.entries().length;
  }

  private save(entries: OutboxEntry[]): void {
    try {
      if (entries.length === 0) this.storage.removeItem(this.key);
      else this.storage.setItem(this.key, JSON.stringify(entries));
    } catch {
      throw new NotebookError('storage-full');
    }
  }

  /** Queues a write (merging into a waiting one for the same slot); throws NotebookError('storage-full') when it cannot be kept. */
  add(entry: OutboxEntry): void {
    const entries = this.entries();
    // Entries being sent are all at the head, so a waiting entry for this slot is the last one overall.
    let last = -1;
    for (let index = entries.length - 1; index >= this.sending; index -= 1) {
      if (entries[index]!.slot === entry.slot) {
        last = index;
        break;
      }
    }
    const waiting = last >= 0 ? entries[last]! : null;
    if (waiting && entry.op === 'delete' && waiting.op === 'create') {
      // Its create may have reached the server before a dropped answer: the delete still goes.
      entries.splice(last, 1);
      entries.push(entry);
    } else if (waiting && entry.op !== 'delete' && waiting.op !== 'delete') entries[last] = { ...entry, op: waiting.op };
    else entries.push(entry);
    this.save(entries);
  }

  /** The first `count` entries, marked as being sent. */
  take(count: number): OutboxEntry[] {
    const taken = this.entries().slice(0, count);
    this.sending = taken.length;
    return taken;
  }

  /** The first `count` taken entries were written: drop them. */
  done(count: number): void {
    const entries = this.entries();
    entries.splice(0, count);
    this.sending = Math.max(0, this.sending - count);
    this.save(entries);
  }

  /** Sending stopped (offline, error): the taken entries wait again. */
  release(): void {
    this.sending = 0;
  }

  /** Replaces the head entry (e.g. a create moved to another slot). */
  replaceHead(entry: OutboxEntry): void {
    const entries = this.entries();
    if (entries.length === 0) return;
    entries[0] = entry;
    this.save(entries);
  }

  clear(): void {
    this.sending = 0;
    this.save([]);
  }
}
