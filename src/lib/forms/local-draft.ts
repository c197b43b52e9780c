/**
 * Drafts kept in localStorage, for text that must outlive the tab: a
 * reload, a crash, the browser closed while offline (sessionStorage,
 * src/lib/forms/session-draft.ts, ends with the tab). Each record says which
 * tab wrote it, so another tab editing the same draft can be told apart
 * from this one (the `storage` event fires only in the other tabs).
 * Never used for passwords.
 */

/** This tab's id, written into each record. */
export const TAB_ID = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

export interface LocalRecord<T> {
  value: T;
  /** When it was written (ms since the epoch, this device's clock). */
  savedAt: number;
  tab: string;
}

/** The stored record under `key` when `accept` recognises its value, else null. */
export function readLocalDraft<T>(key: string, accept: (value: unknown) => value is T): LocalRecord<T> | null {
  try {
    return parseLocalRecord(localStorage.getItem(key), accept);
  } catch {
    return null;
  }
}

/** A stored record's text → the record, or null when it is missing, not JSON or not of the expected shape. */
export function parseLocalRecord<T>(text: string | null, accept: (value: unknown) => value is T): LocalRecord<T> | null {
  if (!text) return null;
  try {
    const record = JSON.parse(text) as Partial<LocalRecord<unknown>> | null;
    if (!record || typeof record.savedAt !== 'number' || typeof record.tab !== 'string' || !accept(record.value)) return null;
    return { value: record.value, savedAt: record.savedAt, tab: record.tab };
  } catch {
    return null;
  }
}

/** Writes `value` under `key`; false when storage is full or off (the form still works, unprotected). */
export function writeLocalDraft<T>(key: string, value: T): boolean {
  try {
    localStorage.setItem(key, JSON.stringify({ value, savedAt: Date.now(), tab: TAB_ID } satisfies LocalRecord<T>));
    return true;
  } catch {
    return false;
  }
}

export function removeLocalDraft(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    // Storage off: there is nothing to remove.
  }
}

/**
 * Calls `onChange` when another tab writes or removes the draft under
 * `key`, with the new record (null when removed). Returns the unsubscribe.
 */
export function watchLocalDraft<T>(
  key: string,
  accept: (value: unknown) => value is T,
  onChange: (record: LocalRecord<T> | null) => void,
): () => void {
  const listener = (event: StorageEvent) => {
    if (event.storageArea !== localStorage || event.key !== key) return;
    const record = parseLocalRecord(event.newValue, accept);
    if (record?.tab === TAB_ID) return;
    onChange(record);
  };
  window.addEventListener('storage', listener);
  return () => window.removeEventListener('storage', listener);
}
